import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';

/** The signed-in agent's id (the guard admits only agents to these screens). */
export const useAgentId = (): number | null => useStore(profileStore, (p) => p.agent?.id ?? p.user?.agentId ?? null);

/** Whether TanStack Query believes it can reach the server (writes pause while it cannot). */
export const useOnline = (): boolean =>
  useSyncExternalStore(
    (l) => onlineManager.subscribe(l),
    () => onlineManager.isOnline(),
    () => true,
  );
