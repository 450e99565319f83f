import { useQueryClient, type QueryKey } from '@tanstack/react-query';

// The console's cache operations that are no write's effect: the person asks for them. A write's
// cache effects are with the write, in its API module (src/api/write.ts).

/** Refresh: the answers under `scope` are read again (those shown at once). */
export function useReadAgain(scope: QueryKey): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: scope });
}

/**
 * Clear saved data: every answer back to "not fetched" (so none is persisted) and the mounted ones
 * fetched again; the mutation cache, where queued writes wait, is left alone.
 */
export function useForgetAnswers(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.resetQueries();
}
