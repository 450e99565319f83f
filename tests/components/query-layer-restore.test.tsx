import { dehydrate, hashKey, hydrate } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { hasLeadGenius } from '../../src/api/brokerages.ts';
import { lastWriteAt, noteWriteSettled, noteWriteStarted } from '../../src/api/write-clock.ts';
import { noteLiveQueries } from '../../src/app/query-client-ready.ts';
import { createQueryClient } from '../../src/app/query-client.ts';
import { revalidateRestored } from '../../src/app/query-layer.tsx';
import { overviewQueries, prefetchOverview } from '../../src/features/dashboard/overview-queries.ts';
import { profileStore } from '../../src/session/state.ts';
import { renderApp } from '../setup/render-app.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('revalidating a restored cache', () => {
  const T = 1_800_000_000_000;

  it('marks restored answers older than the last change stale, but not the calls this page started before the restore', async () => {
    const client = createQueryClient();
    client.setQueryData(['dashboard', 1, 'score'], { restored: true }, { updatedAt: T - 1000 });
    client.setQueryData(['dashboard', 1, 'stats', 'COMBINED'], { prefetched: true }, { updatedAt: T - 1000 });
    const live = client.getQueryCache().find({ queryKey: ['dashboard', 1, 'stats', 'COMBINED'] })!;
    noteLiveQueries(client, [live.queryHash]);
    revalidateRestored(client, { lastWrite: T, reload: false });
    await Promise.resolve();
    expect(client.getQueryState(['dashboard', 1, 'score'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['dashboard', 1, 'stats', 'COMBINED'])?.isInvalidated).toBe(false);
  });

  it('keeps the age of an answer fetched after the last change: a return within its staleTime makes no call', async () => {
    const client = createQueryClient();
    client.setQueryData(['before'], 1, { updatedAt: T - 1 });
    client.setQueryData(['at'], 1, { updatedAt: T });
    client.setQueryData(['after'], 1, { updatedAt: T + 1 });
    revalidateRestored(client, { lastWrite: T, reload: false });
    await Promise.resolve();
    expect(client.getQueryState(['before'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['at'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['after'])?.isInvalidated).toBe(false);
  });

  it("revalidates every restored answer after the browser's reload, the way people ask for fresh figures", async () => {
    const client = createQueryClient();
    client.setQueryData(['after'], 1, { updatedAt: T + 1 });
    revalidateRestored(client, { lastWrite: T, reload: true });
    await Promise.resolve();
    expect(client.getQueryState(['after'])?.isInvalidated).toBe(true);
  });

  it("reads the reload from the page's navigation entry and the last change from the write clock", async () => {
    const entries = vi
      .spyOn(performance, 'getEntriesByType')
      .mockReturnValue([{ type: 'reload' } as unknown as PerformanceEntry]);
    const client = createQueryClient();
    client.setQueryData(['fresh'], 1, { updatedAt: Date.now() + 60_000 });
    revalidateRestored(client);
    expect(client.getQueryState(['fresh'])?.isInvalidated).toBe(true);
    entries.mockReturnValue([{ type: 'navigate' } as unknown as PerformanceEntry]);
    const other = createQueryClient();
    other.setQueryData(['fresh'], 1, { updatedAt: Date.now() + 60_000 });
    noteWriteStarted();
    noteWriteSettled();
    other.setQueryData(['old'], 1, { updatedAt: lastWriteAt() - 1 });
    revalidateRestored(other);
    expect(other.getQueryState(['fresh'])?.isInvalidated).toBe(false);
    expect(other.getQueryState(['old'])?.isInvalidated).toBe(true);
  });

  it('notes live calls per client: another client restores everything stale', async () => {
    const a = createQueryClient();
    const b = createQueryClient();
    a.setQueryData(['x'], 1, { updatedAt: T - 1 });
    b.setQueryData(['x'], 1, { updatedAt: T - 1 });
    noteLiveQueries(a, [a.getQueryCache().find({ queryKey: ['x'] })!.queryHash]);
    revalidateRestored(b, { lastWrite: T, reload: false });
    await Promise.resolve();
    expect(b.getQueryState(['x'])?.isInvalidated).toBe(true);
  });

  it('revalidates every restored overview answer when the restore lands while the calls are being started', async () => {
    // Signed in as the broker admin: the stores hold a live session and the profile the prefetch reads.
    await renderApp('/console/my-agents', { as: 'broker@demo.test' });
    const { user, brokerage } = profileStore.get();
    const hashes = overviewQueries({
      brokerageId: user!.brokerId!,
      product: 'COMBINED',
      leadGenius: hasLeadGenius(brokerage!),
      hideIris: false,
      notifications: true,
    }).map((q) => hashKey(q.queryKey));
    // The persisted copy: every overview answer, fetched moments ago (fresh for the staleTime).
    const previous = createQueryClient();
    for (const q of overviewQueries({
      brokerageId: user!.brokerId!,
      product: 'COMBINED',
      leadGenius: hasLeadGenius(brokerage!),
      hideIris: false,
      notifications: true,
    })) {
      previous.setQueryData(q.queryKey, { restored: true });
    }
    const snapshot = dehydrate(previous);
    // A change made since: every restored answer predates it.
    noteWriteStarted();
    noteWriteSettled();
    const restoredAt = Date.now();

    const client = createQueryClient();
    let restored = false;
    await prefetchOverview(client, (started) => {
      noteLiveQueries(client, started);
      // The restore lands right after the first call has left, before the others' turns.
      if (!restored) {
        restored = true;
        hydrate(client, snapshot);
        revalidateRestored(client);
      }
    });
    expect(restored).toBe(true);
    for (const hash of hashes) {
      const state = client.getQueryCache().get(hash)!.state;
      // Fetched by this page (under way or answered since), or marked stale for its readers to fetch.
      expect(state.fetchStatus === 'fetching' || state.dataUpdatedAt > restoredAt || state.isInvalidated, hash).toBe(
        true,
      );
    }
    await client.cancelQueries();
  });
});
