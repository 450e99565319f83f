import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '../setup/render-app.tsx';

// The staff overview (a CSR's /console): each figure opens the DNC List with the filter it counts, and the
// list's total ("1 - 40 of N DNC") equals the figure. The broker's figures are checked in
// tests/api/dashboard-links-totals.test.ts, the lender's in tests/api/lender-console.test.ts.

const FIGURES = [
  { label: 'Contacts on the list', blocked: false },
  { label: 'Inbound blocked', blocked: true },
];

describe('the staff overview', () => {
  it.each(FIGURES)('$label opens the DNC List whose total equals the figure', async ({ label, blocked }) => {
    const { screen, user } = await renderApp('/console', { as: 'csr@demo.test' });
    const link = await screen.findByRole('link', { name: new RegExp(`^${label}: [\\d,]+$`) }, { timeout: 10_000 });
    const figure = Number(/: ([\d,]+)$/.exec(link.getAttribute('aria-label') ?? '')![1]!.replace(/,/g, ''));
    expect(figure).toBeGreaterThan(0);
    await user.click(link);
    await screen.findByRole('table', { name: 'DNC List' });
    expect(screen.getByRole('switch', { name: 'Show Only Inbound Blocked' }).getAttribute('aria-checked')).toBe(
      String(blocked),
    );
    await waitFor(() =>
      expect(screen.getByText(/ of [\d,]+ DNC$/).textContent).toMatch(
        new RegExp(` of ${figure.toLocaleString('en-US')} DNC$`),
      ),
    );
  });

  it('Show Only Inbound Blocked writes its filter into the URL, so a reload or a link keeps it', async () => {
    const { screen, user } = await renderApp('/console/dnc-list', { as: 'csr@demo.test' });
    await screen.findByRole('table', { name: 'DNC List' });
    await user.click(screen.getByRole('switch', { name: 'Show Only Inbound Blocked' }));
    await waitFor(() => expect(window.location.search).toBe('?blocked=true'));
    await user.click(screen.getByRole('switch', { name: 'Show Only Inbound Blocked' }));
    await waitFor(() => expect(window.location.search).toBe(''));
  });
});
