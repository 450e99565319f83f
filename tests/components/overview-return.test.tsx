import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { App } from '../../src/app/App.tsx';
import { createQueryClient } from '../../src/app/query-client.ts';
import { settlePersistence } from '../../src/app/query-persistence.ts';
import { renderApp } from '../setup/render-app.tsx';

// A return to /console: the page opens signed in and restores its persisted cache. The overview's
// prefetch waits for that restore (src/app/query-client-ready.ts): started before it, against an
// empty cache, it fetched all of the overview's answers again, even those restored fresh.

afterEach(() => {
  vi.restoreAllMocks();
});

const dashboardFetches = (client: QueryClient) => {
  const fetched: string[] = [];
  client.getQueryCache().subscribe((e) => {
    if (e.type === 'updated' && e.action.type === 'fetch' && (e.query.queryKey as QueryKey)[0] === 'dashboard')
      fetched.push(e.query.queryHash);
  });
  return fetched;
};

describe('a return to the overview', () => {
  it("shows the restored answers and makes none of the overview's calls while they are fresh", async () => {
    const first = await renderApp('/console', { as: 'broker@demo.test' });
    expect(await first.screen.findByRole('region', { name: 'Agent Leaderboard' })).toBeInTheDocument();
    await waitFor(() => expect(first.client.isFetching()).toBe(0), { timeout: 10_000 });
    const answered = first.client
      .getQueryCache()
      .findAll({ queryKey: ['dashboard'] })
      .filter((q) => q.state.status === 'success');
    expect(answered.length).toBeGreaterThan(10);
    await settlePersistence();
    first.unmount();

    // The same browser opens /console again (a new page: a new client, the same IndexedDB).
    const client = createQueryClient();
    const fetched = dashboardFetches(client);
    const prefetch = vi.spyOn(QueryClient.prototype, 'prefetchQuery');
    const again = render(<App client={client} />);
    expect(await again.findByRole('region', { name: 'Agent Leaderboard' })).toBeInTheDocument();
    // The prefetch ran (after the restore) and asked for the overview's answers; none was fetched.
    await waitFor(() =>
      expect(
        prefetch.mock.calls.filter(([o]) => (o.queryKey as QueryKey)[0] === 'dashboard').length,
      ).toBeGreaterThanOrEqual(10),
    );
    await waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 10_000 });
    expect(fetched).toEqual([]);
    expect(
      client
        .getQueryCache()
        .findAll({ queryKey: ['dashboard'] })
        .filter((q) => q.state.status === 'success').length,
    ).toBeGreaterThanOrEqual(answered.length);
  });
});
