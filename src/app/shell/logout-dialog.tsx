import { useEffect, useState } from 'react';

import { useOfflineWrites } from '../../session/offline-writes.ts';
import { logout } from '../../session/session.ts';
import { profileStore } from '../../session/state.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

const notSynced = (n: number) => `${n} ${n === 1 ? 'change is' : 'changes are'} not synced yet.`;

/** The signed-in user's changes waiting to sync, read while `open` (IndexedDB is read then, not on every console page). */
function useWaitingChanges(open: boolean): number {
  const { ledger } = useOfflineWrites();
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    if (!open) return undefined;
    let off: (() => void) | undefined;
    let live = true;
    void ledger.ready().then(() => {
      if (!live) return;
      const read = () => setWaiting(ledger.of(profileStore.get().user?.id).pending.length);
      read();
      off = ledger.subscribe(read);
    });
    return () => {
      live = false;
      off?.();
    };
  }, [open, ledger]);
  return waiting;
}

/**
 * Log out. With changes not yet synced (the agent app's queue) it says so first and offers the choice:
 * keep them on this device (sent when the same user signs in again) or discard them. Never silently.
 */
export function LogoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  const { ledger } = useOfflineWrites();
  const waiting = useWaitingChanges(open);
  async function leave(discard: boolean) {
    setBusy(true);
    const userId = profileStore.get().user?.id;
    if (discard && userId !== undefined) await ledger.discard(userId);
    await logout();
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Log out"
      description={
        waiting === 0
          ? 'Are you sure you want to log out?'
          : `${notSynced(waiting)} They stay on this device and are sent when you sign in again, unless you discard them.`
      }
      actions={
        <>
          <Button variant="text" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          {waiting > 0 && (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                void leave(true);
              }}
            >
              Discard and log out
            </Button>
          )}
          <Button
            disabled={busy}
            onClick={() => {
              void leave(false);
            }}
          >
            {waiting > 0 ? 'Keep and log out' : 'Log out'}
          </Button>
        </>
      }
    />
  );
}
