import { useMemo, useSyncExternalStore } from 'react';

import type { AgentWrite } from '../../api/agent-app-writes.ts';
import type { ReferralNote } from '../../contract/referrals.ts';
import { useOfflineWrites, useUnsyncedLedger } from '../../session/offline-writes.ts';

// The agent's writes as the queue of this page holds them (src/session/write-queue.ts; owned by the
// query client and wired to its cache in src/app/offline-mutations.ts).

export interface QueuedWrite {
  write: AgentWrite;
  paused: boolean;
}

/** Writes made and not yet applied, oldest first: paused ones wait (for a connection, or a retry). */
export function useQueuedWrites(referralId?: number): QueuedWrite[] {
  const { pending } = useUnsyncedLedger();
  const { queue } = useOfflineWrites();
  const sending = useSyncExternalStore(queue.subscribe, queue.sending, queue.sending);
  return useMemo(
    () =>
      pending
        .filter((w) => referralId === undefined || w.referralId === referralId)
        .map((write) => ({ write, paused: !sending.has(write.idempotencyKey) })),
    [pending, sending, referralId],
  );
}

/** Notes just saved, until the refetched notes list holds them (no flicker between the two). */
export function useJustSavedNotes(referralId: number): ReferralNote[] {
  const { queue } = useOfflineWrites();
  const applied = useSyncExternalStore(queue.subscribe, queue.applied, queue.applied);
  return useMemo(
    () =>
      applied.flatMap(({ write, result }) =>
        write.kind === 'note' && write.referralId === referralId ? [result as ReferralNote] : [],
      ),
    [applied, referralId],
  );
}

/**
 * Saves a write: resolves true once it is kept in IndexedDB (then, and only then, may the screen say
 * it is saved on this device), false if it could be kept only in this page's memory. `done` hears
 * the server's answer if it comes while the page is open.
 */
export function useSaveWrite(): (write: AgentWrite, done?: () => void) => Promise<boolean> {
  return useOfflineWrites().queue.add;
}
