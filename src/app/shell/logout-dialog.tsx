import { useEffect, useState } from 'react';

import { logout } from '../../session/session.ts';
import { profileStore } from '../../session/state.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

// The agent's write ledger (IndexedDB) loads with the dialog, not with every console page.
const ledger = () => import('../../session/agent-unsynced.ts');
const notSynced = (n: number) => `${n} ${n === 1 ? 'change is' : 'changes are'} not synced yet.`;

/** The signed-in user's changes waiting to sync, read while `open`. */
function useWaitingChanges(open: boolean): number {
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    if (!open) return undefined;
    let off: (() => void) | undefined;
    let live = true;
    void ledger().then(async ({ ledgerReady, ledgerOf, subscribeLedger }) => {
      await ledgerReady();
      if (!live) return;
      const read = () => setWaiting(ledgerOf(profileStore.get().user?.id).pending.length);
      read();
      off = subscribeLedger(read);
    });
    return () => {
      live = false;
      off?.();
    };
  }, [open]);
  return waiting;
}

/**
 * Log out. With changes not yet synced (the agent app's queue) it says so first and offers the choice:
 * keep them on this device (sent when the same user signs in again) or discard them. Never silently.
 */
export function LogoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  const waiting = useWaitingChanges(open);
  async function leave(discard: boolean) {
    setBusy(true);
    const userId = profileStore.get().user?.id;
    if (discard && userId !== undefined) await (await ledger()).discardLedger(userId);
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
