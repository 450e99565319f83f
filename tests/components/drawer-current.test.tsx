import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { currentLinkPath } from '../../src/app/shell/drawer-content.tsx';
import { renderApp } from '../setup/render-app.tsx';

describe('the drawer marks one current page', () => {
  it('picks the longest link the address lies under, and none for an address outside them', () => {
    const paths = ['/console', '/console/my-agents', '/console/my-referrals'];
    expect(currentLinkPath('/console', paths)).toBe('/console');
    expect(currentLinkPath('/console/my-agents/7/referrals/3', paths)).toBe('/console/my-agents');
    expect(currentLinkPath('/console/my-agentsx', paths)).toBe('/console');
    expect(currentLinkPath('/elsewhere', paths)).toBeUndefined();
  });

  it.each([
    ['/console/my-agents', 'broker@demo.test', 'My Agents'],
    ['/console', 'broker@demo.test', 'Overview'],
    ['/console/my-loan-officers', 'lender@demo.test', 'My Loan Officers'],
  ])(
    'on %s as %s only %s is the current page',
    async (url, as, label) => {
      const app = await renderApp(url, { as });
      const nav = await app.screen.findByRole('navigation', { name: 'Main' });
      // The drawer's entries follow the profile, which may still be arriving: judge the settled drawer.
      // A busy machine can take long to sign a role in for the first time in the file: wait up to 30 s.
      await within(nav).findByRole('link', { name: new RegExp(label) }, { timeout: 30_000 });
      await waitFor(
        () => {
          const current = within(nav).getAllByRole('link', { current: 'page' });
          expect(current.map((a) => a.textContent)).toEqual([expect.stringContaining(label)]);
        },
        { timeout: 30_000 },
      );
    },
    90_000,
  );
});
