import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';

import type { AgentWrite } from '../api/agent-app-writes.ts';
import type { UnsyncedLedger, WriteLedger } from './agent-unsynced.ts';
import { useStore } from './persisted-store.ts';
import { profileStore } from './state.ts';
import type { WriteQueue } from './write-queue.ts';

// The agent's offline writes of this page: the ledger in IndexedDB and the queue that sends it. The
// app's query client owns one of each (src/app/query-client.ts) and the query layer hands them to
// the screens through this context (decision 0114). Types only from the two modules: a screen that
// reads them does not load IndexedDB code of its own.

export interface OfflineWrites {
  ledger: WriteLedger;
  queue: WriteQueue;
}

export const OfflineWritesContext = createContext<OfflineWrites | undefined>(undefined);

/** The offline writes of the query layer this screen is in. */
export function useOfflineWrites(): OfflineWrites {
  const writes = useContext(OfflineWritesContext);
  if (!writes) throw new Error('useOfflineWrites is used outside the query layer');
  return writes;
}

/** The signed-in user's ledger, kept in step with IndexedDB; `loaded` is false until it was read. */
export function useUnsyncedLedger(): UnsyncedLedger & { loaded: boolean } {
  const { ledger } = useOfflineWrites();
  const userId = useStore(profileStore, (p) => p.user?.id);
  useEffect(() => {
    void ledger.ready();
  }, [ledger]);
  const of = useSyncExternalStore(
    ledger.subscribe,
    () => ledger.of(userId),
    () => ledger.of(userId),
  );
  const loaded = useSyncExternalStore(ledger.subscribe, ledger.loaded, ledger.loaded);
  return { ...of, loaded };
}

/**
 * The writes waiting on this device whoever made them, for the login page: signed out (an expired
 * session), nobody is the user yet, and the agent should know what is still to be sent.
 */
export function useWaitingOnDevice(ledger: WriteLedger): AgentWrite[] {
  useEffect(() => {
    void ledger.ready();
  }, [ledger]);
  return useSyncExternalStore(ledger.subscribe, ledger.everyPending, ledger.everyPending);
}
