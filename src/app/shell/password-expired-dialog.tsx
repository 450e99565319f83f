import { useEffect, useSyncExternalStore } from 'react';

import { onIdentityChange } from '../../session/identity-events.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import { UpdatePasswordDialog } from './update-password-dialog.tsx';

// Whether the dialog is open, shared with the banner's button; in memory because the shell
// remounts on navigation. It opens by itself once per sign-in, on entering the console.
let open = false;
let openedOnEntry = false;
const listeners = new Set<() => void>();
function setOpen(next: boolean) {
  open = next;
  listeners.forEach((l) => l());
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};
onIdentityChange(() => {
  openedOnEntry = false;
  setOpen(false);
});

export const openPasswordExpiredDialog = () => setOpen(true);

/** Spec 1 section 4: with an expired password, the update-password dialog opens on entry. */
export function PasswordExpiredDialog() {
  const expired = useStore(profileStore, (p) => p.user?.passwordExpired === true);
  const isOpen = useSyncExternalStore(
    subscribe,
    () => open,
    () => open,
  );
  useEffect(() => {
    if (expired && !openedOnEntry) {
      openedOnEntry = true;
      setOpen(true);
    }
  }, [expired]);
  return <UpdatePasswordDialog open={isOpen && expired} onOpenChange={setOpen} mode="expired" />;
}
