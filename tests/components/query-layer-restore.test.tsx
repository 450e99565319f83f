import { dehydrate, hashKey, hydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { hasLeadGenius } from '../../src/api/brokerages.ts';
import { createQueryClient } from '../../src/app/query-client.ts';
import { noteLiveQueries } from '../../src/app/query-client-ready.ts';
import { revalidateRestored } from '../../src/app/query-layer.tsx';
import { overviewQueries, prefetchOverview } from '../../src/features/dashboard/overview-queries.ts';
import { profileStore } from '../../src/session/state.ts';
import { renderApp } from '../setup/render-app.tsx';

describe('revalidating a restored cache', () => {
  it('marks restored answers stale, but not the calls this page started before the restore (issue 14)', async () => {
    const client = createQueryClient();
    client.setQueryData(['dashboard', 1, 'score'], { restored: true });
    client.setQueryData(['dashboard', 1, 'stats', 'COMBINED'], { prefetched: true });
    const live = client.getQueryCache().find({ queryKey: ['dashboard', 1, 'stats', 'COMBINED'] })!;
    noteLiveQueries(client, [live.queryHash]);
    revalidateRestored(client);
    await Promise.resolve();
    expect(client.getQueryState(['dashboard', 1, 'score'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['dashboard', 1, 'stats', 'COMBINED'])?.isInvalidated).toBe(false);
  });

  it('notes live calls per client: another client restores everything stale', async () => {
    const a = createQueryClient();
    const b = createQueryClient();
    a.setQueryData(['x'], 1);
    b.setQueryData(['x'], 1);
    noteLiveQueries(a, [a.getQueryCache().find({ queryKey: ['x'] })!.queryHash]);
    revalidateRestored(b);
    await Promise.resolve();
    expect(b.getQueryState(['x'])?.isInvalidated).toBe(true);
  });

  it('revalidates every restored overview answer when the restore lands while the calls are being started', async () => {
    // Signed in as the broker admin: the stores hold a live session and the profile the prefetch reads.
    await renderApp('/console/my-agents', { as: 'broker@demo.test' });
    const { user, brokerage } = profileStore.get();
    const hashes = overviewQueries({ brokerageId: user!.brokerId!, product: 'COMBINED', leadGenius: hasLeadGenius(brokerage!), hideIris: false, notifications: true })
      .map((q) => hashKey(q.queryKey));
    // The persisted copy: every overview answer, fetched moments ago (fresh for the staleTime).
    const previous = createQueryClient();
    for (const q of overviewQueries({ brokerageId: user!.brokerId!, product: 'COMBINED', leadGenius: hasLeadGenius(brokerage!), hideIris: false, notifications: true })) {
      previous.setQueryData(q.queryKey, { restored: true });
    }
    const snapshot = dehydrate(previous);
    const restoredAt = Date.now();

    const client = createQueryClient();
    let restored = false;
    await prefetchOverview(client, (started) => {
      noteLiveQueries(client, started);
      // The restore lands right after the first call has left, before the others' turns.
      if (!restored) { restored = true; hydrate(client, snapshot); revalidateRestored(client); }
    });
    expect(restored).toBe(true);
    for (const hash of hashes) {
      const state = client.getQueryCache().get(hash)!.state;
      // Fetched by this page (under way or answered since), or marked stale for its readers to fetch.
      expect(state.fetchStatus === 'fetching' || state.dataUpdatedAt > restoredAt || state.isInvalidated, hash).toBe(true);
    }
    await client.cancelQueries();
  });
});
