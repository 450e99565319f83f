import { useStore } from './persisted-store.ts';
import { impersonationStore, profileStore } from './state.ts';

/**
 * The brokerage a broker-admin screen shows: the impersonated one while staff impersonate a
 * brokerage, otherwise the user's own; null for staff who are not impersonating (and lenders).
 */
export function useBrokerageScope(): number | null {
  const own = useStore(profileStore, (p) => p.user?.brokerId ?? null);
  const target = useStore(impersonationStore, (i) => i?.target ?? null);
  return target ? (target.kind === 'brokerage' ? target.id : null) : own;
}

/** What a broker-admin screen says to staff who open it without impersonating a brokerage. */
export const IMPERSONATE_FIRST = 'This page shows a brokerage’s data. Staff see it while impersonating a brokerage.';
