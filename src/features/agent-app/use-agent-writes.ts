import { useMemo, useSyncExternalStore } from 'react';

import type { AgentWrite } from '../../api/agent-app-writes.ts';
import type { ReferralNote } from '../../contract/referrals.ts';
import { useUnsyncedLedger } from '../../session/agent-unsynced.ts';
import { appliedWrites, queueWrite, sendingNow, subscribeQueue } from '../../session/write-queue.ts';

// The agent's writes as the queue holds them (src/session/write-queue.ts; wired to the query cache in
// src/app/offline-mutations.ts).

export interface QueuedWrite {
  write: AgentWrite;
  paused: boolean;
}

/** Writes made and not yet applied, oldest first: paused ones wait (for a connection, or a retry). */
export function useQueuedWrites(referralId?: number): QueuedWrite[] {
  const { pending } = useUnsyncedLedger();
  const sending = useSyncExternalStore(subscribeQueue, sendingNow, sendingNow);
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
  const applied = useSyncExternalStore(subscribeQueue, appliedWrites, appliedWrites);
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
export const saveWrite = (write: AgentWrite, done?: () => void): Promise<boolean> => queueWrite(write, done);
