import { onlineManager } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { OFFLINE_NOTICE } from '../../src/widgets/status-line.tsx';
import { renderApp } from '../setup/render-app.tsx';

// My Leads with no connection says so once: the list's freshness line, not also an error banner.

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('My Leads without a connection', () => {
  it('shows one offline notice and no second banner', async () => {
    const routed = globalThis.fetch;
    const { screen } = await renderApp('/console/my-leads', { as: 'broker@demo.test' });
    await screen.findByRole('table', { name: 'Leads' });
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/interviews-api/broker-leads')) throw new TypeError('Failed to fetch');
      return routed(input, init);
    }) as typeof fetch;
    // Another filter: a list this page has not fetched, with the server out of reach.
    window.history.pushState(null, '', '/console/my-leads?leadType=AGED&status=CLOSED');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(screen.getAllByText(OFFLINE_NOTICE)).toHaveLength(1), { timeout: 20_000 });
    expect(screen.queryByText('You appear to be offline.')).toBeNull();
    expect(screen.queryAllByRole('alert').filter((a) => /offline/i.test(a.textContent ?? ''))).toHaveLength(0);
  }, 60_000);
});
