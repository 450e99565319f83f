import { MutationObserver, useIsRestoring, useMutation, useMutationState, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { agentWriteKeys } from '../../api/agent-app-keys.ts';
import { asAgentWrite, type AgentWrite, type NoteWrite, type StageWrite } from '../../api/agent-app-writes.ts';
import type { ReferralNote } from '../../contract/referrals.ts';
import { dismissRefused, useUnsyncedLedger } from '../../session/agent-unsynced.ts';

// The agent's writes as the mutation cache holds them (the defaults live in src/app/offline-mutations.ts).

export interface QueuedWrite { write: AgentWrite; paused: boolean }

/** Writes made and not yet answered, oldest first: paused ones wait for a connection. */
export function useQueuedWrites(referralId?: number): QueuedWrite[] {
  const all = useMutationState({
    filters: { mutationKey: agentWriteKeys.all, status: 'pending' },
    select: (m) => ({ write: asAgentWrite(m.state.variables), paused: m.state.isPaused }),
  });
  return all.filter((q): q is QueuedWrite => q.write !== null && (referralId === undefined || q.write.referralId === referralId));
}

/** Notes just saved, until the refetched notes list holds them (no flicker between the two). */
export function useJustSavedNotes(referralId: number): ReferralNote[] {
  const saved = useMutationState({
    filters: { mutationKey: agentWriteKeys.note, status: 'success' },
    select: (m) => ({ write: asAgentWrite(m.state.variables), note: m.state.data as ReferralNote | undefined }),
  });
  return saved.flatMap((s) => (s.write?.referralId === referralId && s.note ? [s.note] : []));
}

export const useStageMutation = () => useMutation<unknown, unknown, StageWrite>({ mutationKey: agentWriteKeys.stage });
export const useNoteMutation = () => useMutation<unknown, unknown, NoteWrite>({ mutationKey: agentWriteKeys.note });

/**
 * Writes in the ledger that the mutation cache does not hold (the cache of this identity was
 * cleared, say by signing in again after the session ran out) are queued again with their own
 * Idempotency-Key: the server applies each once, however often it is sent.
 */
export function useRequeueForgottenWrites(): void {
  const client = useQueryClient();
  const restoring = useIsRestoring();
  const { pending } = useUnsyncedLedger();
  useEffect(() => {
    if (restoring || pending.length === 0) return;
    const known = new Set(client.getMutationCache().getAll().map((m) => asAgentWrite(m.state.variables)?.idempotencyKey));
    for (const write of pending) {
      if (known.has(write.idempotencyKey)) continue;
      send(client, write);
    }
  }, [client, restoring, pending]);
}

/** Sends a write again with its own Idempotency-Key (after a server failure). */
export function retryWrite(client: QueryClient, write: AgentWrite): void {
  dismissRefused(write.idempotencyKey);
  send(client, write);
}

function send(client: QueryClient, write: AgentWrite): void {
  const observer = new MutationObserver<unknown, unknown, AgentWrite>(client, { mutationKey: write.kind === 'stage' ? agentWriteKeys.stage : agentWriteKeys.note });
  observer.mutate(write).catch(() => undefined); // the defaults record a refusal in the ledger
}
