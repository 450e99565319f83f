import { onlineManager, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';

import { useReadAgain } from '../api/cache.ts';
import { ApiError } from '../api/client.ts';
import { formatTime12 } from '../lib/format.ts';
import { Button } from '../ui/button.tsx';
import * as styles from '../ui/widget-card.css.ts';

export const OFFLINE_NOTICE = 'You are offline. Showing the last data fetched.';

/** Whether TanStack Query thinks the browser is online (it starts online, so a page loaded offline tells it). */
export function useOnline(): boolean {
  useEffect(() => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  }, []);
  return useSyncExternalStore(
    onlineManager.subscribe.bind(onlineManager),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** When the oldest of the loaded answers under `scope` was fetched (0 while none is). */
export function useLastUpdated(scope: QueryKey): number {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((notify: () => void) => cache.subscribe(notify), [cache]);
  const key = JSON.stringify(scope);
  const snapshot = useCallback(() => {
    const times = cache
      .findAll({ queryKey: JSON.parse(key) as QueryKey })
      .map((q) => q.state.dataUpdatedAt)
      .filter((t) => t > 0);
    return times.length ? Math.min(...times) : 0;
  }, [cache, key]);
  return useSyncExternalStore(subscribe, snapshot, () => 0);
}

const unreachable = (reason: unknown) => reason instanceof ApiError && reason.network;

/**
 * Whether the latest attempt of an answer under `scope` failed for want of a connection. The browser's
 * online flag is not enough: it stays "online" on a captive or dead network, and after a reload while
 * offline (seen in Chromium with the network emulated off), yet no request arrives.
 */
export function useUnreachable(scope: QueryKey): boolean {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((notify: () => void) => cache.subscribe(notify), [cache]);
  const key = JSON.stringify(scope);
  const snapshot = useCallback(
    () =>
      cache
        .findAll({ queryKey: JSON.parse(key) as QueryKey })
        .some(
          (q) => unreachable(q.state.fetchFailureReason) || (q.state.status === 'error' && unreachable(q.state.error)),
        ),
    [cache, key],
  );
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

/** "Last updated 3:05 PM", a refresh button, and the offline notice, for the queries under `scope`. */
export function StatusLine({ scope }: { scope: QueryKey }) {
  const readAgain = useReadAgain(scope);
  const online = useOnline();
  const unreachableNow = useUnreachable(scope);
  const updated = useLastUpdated(scope);
  return (
    <>
      {(!online || unreachableNow) && (
        <span className={styles.offline} role="status">
          {OFFLINE_NOTICE}
        </span>
      )}
      {updated > 0 && <span className={styles.status}>Last updated {formatTime12(new Date(updated))}</span>}
      <Button
        variant="text"
        disabled={!online}
        onClick={() => {
          void readAgain();
        }}
      >
        Refresh
      </Button>
    </>
  );
}
