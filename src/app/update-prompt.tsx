import { useEffect, useState } from 'react';

import { Button } from '../ui/button.tsx';
import { registerServiceWorker, reloadOnceOnChunkError } from './pwa.ts';
import * as styles from './update-prompt.css.ts';

/** Announces a new version of the console and applies it on the user's click (workbox-window). */
export function UpdatePrompt() {
  const [apply, setApply] = useState<(() => void) | null>(null);
  useEffect(() => {
    reloadOnceOnChunkError();
    registerServiceWorker((applyUpdate) => setApply(() => applyUpdate));
  }, []);
  if (!apply) return null;
  return (
    <div className={styles.prompt} role="status">
      <span>A new version of Porchlight is available.</span>
      <Button variant="secondary" onClick={apply}>
        Update now
      </Button>
    </div>
  );
}
