import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './App.tsx';

const root = document.getElementById('root');
// The first render at transition priority: React renders it in slices of about 5 ms (a page's
// first render of the console was one task of 45 ms, 180 ms on a phone at a quarter of the speed).
if (root)
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
