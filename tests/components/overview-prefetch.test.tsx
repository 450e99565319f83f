import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderApp } from '../setup/render-app.tsx';

// The overview's calls start from the route (src/app/overview-screen.tsx) before the overview's
// chunk has rendered. The list they start (overview-queries.ts) must be exactly what the
// widgets then read: a prefetch nobody reads is a wasted call, and a widget the list misses waits.

afterEach(() => {
  vi.restoreAllMocks();
});

/** Each dashboard query the page ended with, by hash: how many observers (mounted readers) and fetches. */
async function settle(client: QueryClient, fetches: Map<string, number>) {
  await waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 10_000 });
  return client
    .getQueryCache()
    .findAll({ queryKey: ['dashboard'] })
    .filter((q) => q.getObserversCount() > 0)
    .map((q) => ({ hash: q.queryHash, fetches: fetches.get(q.queryHash) ?? 0 }));
}

describe.each([
  ['broker@demo.test', 'LeadGenius: every widget reads'],
  ['broker.basic@demo.test', 'Porchlight only: IRIS widgets are teasers and read nothing'],
  ['supplier@demo.test', 'the product selector, both products first'],
])('the overview prefetch as %s (%s)', (identity) => {
  it('starts exactly the calls the widgets read, each fetched once', async () => {
    const prefetched: string[] = [];
    const original = QueryClient.prototype.prefetchQuery;
    vi.spyOn(QueryClient.prototype, 'prefetchQuery').mockImplementation(function (this: QueryClient, options) {
      prefetched.push(hashKey(options.queryKey as QueryKey));
      return original.call(this, options);
    });
    const { screen, client } = await renderApp('/console', { as: identity });
    const fetches = new Map<string, number>();
    client.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'fetch')
        fetches.set(e.query.queryHash, (fetches.get(e.query.queryHash) ?? 0) + 1);
    });
    expect(await screen.findByRole('region', { name: 'Agent Leaderboard' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/^Loading/)).not.toBeInTheDocument(), { timeout: 10_000 });
    const read = await settle(client, fetches);
    expect(read.length).toBeGreaterThan(0);
    // The prefetch starts one call per task; in jsdom the page may render first, so wait for its end.
    // Started at start and again as the route mounts: the second asks for calls under way or fresh,
    // which are not made again (checked below: one fetch each).
    await waitFor(() => expect([...new Set(prefetched)].sort()).toEqual(read.map((q) => q.hash).sort()));
    await settle(client, fetches);
    for (const q of read) expect(fetches.get(q.hash) ?? 0, q.hash).toBeLessThanOrEqual(1);
  });
});

describe('the overview prefetch elsewhere', () => {
  it('starts nothing for a lender, whose overview is another page', async () => {
    const spy = vi.spyOn(QueryClient.prototype, 'prefetchQuery');
    const { screen } = await renderApp('/console', { as: 'lender@demo.test' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(spy.mock.calls.filter(([o]) => (o.queryKey as QueryKey)[0] === 'dashboard')).toHaveLength(0);
  });
});

describe('the overview prefetch at sign-in', () => {
  it('has started every call of the overview when the login navigates to it', async () => {
    const prefetched: string[] = [];
    const original = QueryClient.prototype.prefetchQuery;
    vi.spyOn(QueryClient.prototype, 'prefetchQuery').mockImplementation(function (this: QueryClient, options) {
      if ((options.queryKey as QueryKey)[0] === 'dashboard') prefetched.push(hashKey(options.queryKey as QueryKey));
      return original.call(this, options);
    });
    let startedAtNavigation: number | null = null;
    const replace = window.history.replaceState.bind(window.history);
    vi.spyOn(window.history, 'replaceState').mockImplementation((data, unused, url) => {
      if (startedAtNavigation === null && String(url) === '/console') startedAtNavigation = new Set(prefetched).size;
      replace(data, unused, url);
    });
    const { screen, user, client } = await renderApp('/login');
    await user.type(screen.getByLabelText('Email'), 'broker@demo.test');
    await user.type(screen.getByLabelText('Password'), 'Demo-pass-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location.pathname).toBe('/console'));
    expect(await screen.findByRole('region', { name: 'Agent Leaderboard' })).toBeInTheDocument();
    await waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 10_000 });
    const read = client
      .getQueryCache()
      .findAll({ queryKey: ['dashboard'] })
      .filter((q) => q.getObserversCount() > 0)
      .map((q) => q.queryHash);
    // The calls left from the login page (App's preloadPage, asked by the login before it navigates),
    // not from the overview's route after its first render. In jsdom the chunks load slower than the
    // calls start, so this holds even without the login waiting for the last one (a browser trace
    // showed the difference: docs/decisions/0056-overview-prefetch.md); without the sign-in's prefetch it fails.
    expect(startedAtNavigation).toBe(read.length);
    expect([...new Set(prefetched)].sort()).toEqual(read.sort());
  });
});
