import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../src/app/query-client.ts';
import { noteLiveQueries } from '../../src/app/query-client-ready.ts';
import { revalidateRestored } from '../../src/app/query-layer.tsx';

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
});
