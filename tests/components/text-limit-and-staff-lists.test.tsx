import { render, screen as rtl } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { IMPERSONATE_FIRST } from '../../src/session/brokerage-scope.ts';
import { TextArea } from '../../src/ui/choice.tsx';
import { renderApp } from '../setup/render-app.tsx';

describe('a text area with a limit', () => {
  it('counts the characters against it, and says when it is full', () => {
    const { rerender } = render(<TextArea label="Note" value="abc" maxLength={4000} onChange={() => {}} />);
    expect(rtl.getByRole('textbox', { name: 'Note' })).toHaveAccessibleDescription('3 of 4,000 characters');
    rerender(<TextArea label="Note" value={'x'.repeat(4000)} maxLength={4000} onChange={() => {}} />);
    expect(rtl.getByText(/4,000 of 4,000 characters: the limit/)).toBeInTheDocument();
  });
});

describe('broker-admin lists for staff who are not impersonating', () => {
  it.each(['/console/my-agents', '/console/my-referrals', '/console/my-leads'])(
    '%s says how to see it, not "The query is not valid"',
    async (url) => {
      const { screen } = await renderApp(url, { as: 'admin@demo.test' });
      expect(await screen.findByText(IMPERSONATE_FIRST, {}, { timeout: 30_000 })).toBeInTheDocument();
      expect(screen.queryByText('The query is not valid')).toBeNull();
    },
    60_000,
  );
});
