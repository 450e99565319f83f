import { useSyncExternalStore } from 'react';

import { IMPERSONATOR_ROLES } from '../access/roles.ts';
import { findActiveAdmin } from '../api/staff.ts';
import { navigateWhenSettled } from '../lib/history-traversal.ts';
import { identityChanged } from './identity-events.ts';
import { useStore } from './persisted-store.ts';
import { impersonationStore, profileStore, type Impersonation } from './state.ts';

// Impersonation (spec 1 section 4, spec 2 section 1): start, end, and the request a staff screen
// makes to open the impersonation dialog, which the shell hosts (features may not import it).

export type ImpersonationTarget = Impersonation['target'];

/** Which dialog the shell shows: start impersonating a target, or stop the current impersonation. */
export type ImpersonationRequest =
  { mode: 'impersonate'; target: ImpersonationTarget } | { mode: 'disableImpersonate' };

let pending: ImpersonationRequest | null = null;
const listeners = new Set<() => void>();
const setPending = (next: ImpersonationRequest | null) => {
  pending = next;
  listeners.forEach((l) => l());
};

/** Asks the shell to open the impersonation dialog for a target (the "Impersonate" button). */
export const requestImpersonation = (target: ImpersonationTarget) => setPending({ mode: 'impersonate', target });
/** Asks the shell to open the disable-impersonation dialog (closing the banner). */
export const requestStopImpersonation = () => setPending({ mode: 'disableImpersonate' });
export const clearImpersonationRequest = () => setPending(null);

export const useImpersonationRequest = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    () => pending,
    () => pending,
  );

/** Staff allowed to impersonate (ADMIN, AGENT_ENGAGEMENT), while not impersonating already. */
export function useCanImpersonate(): boolean {
  const allowed = useStore(
    profileStore,
    (p) => !!p.user?.roles.some((r) => (IMPERSONATOR_ROLES as readonly string[]).includes(r.name)),
  );
  const active = useStore(impersonationStore, (i) => i !== null);
  return allowed && !active;
}

const nameOf = (u: { firstName: string | null; lastName: string | null; email: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email || 'Administrator';

/**
 * Finds an active administrator of the target, stores the target and that user, clears every
 * cache of the staff identity and opens the target's overview. Fails silently (false) when the
 * target has no active administrator or the lookup fails.
 */
export async function startImpersonation(target: ImpersonationTarget): Promise<boolean> {
  let admin: Awaited<ReturnType<typeof findActiveAdmin>>;
  try {
    admin = await findActiveAdmin(target.kind, target.id);
  } catch {
    return false;
  }
  if (!admin) return false;
  setPending(null); // the shell remounts for the new identity: the dialog must not reopen
  impersonationStore.set({ target, user: { id: admin.id, name: nameOf(admin) } });
  await identityChanged();
  await navigateWhenSettled('/console'); // the dialog's history entry comes off first, or its traversal undoes this
  return true;
}

/** Ends impersonation, clears the impersonated identity's caches, and returns to the list it started from. */
export async function endImpersonation(): Promise<void> {
  const kind = impersonationStore.get()?.target.kind;
  setPending(null);
  impersonationStore.reset();
  await identityChanged();
  await navigateWhenSettled(kind === 'loanOffice' ? '/console/lenders' : '/console/brokerages');
}
