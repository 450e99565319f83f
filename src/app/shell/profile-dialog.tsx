import { Suspense, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

import { isRole, roleDisplayName } from '../../access/roles.ts';
import { formatPhone } from '../../lib/validation.ts';
import { useStore } from '../../session/persisted-store.ts';
import { impersonationStore, profileStore } from '../../session/state.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { lazyWithRetry } from '../lazy-with-retry.tsx';
import { UpdatePasswordDialog } from './update-password-dialog.tsx';

// Loaded with the dialog's content, not with the shell: the shared console chunk has its own budget (0054).
const SavedData = lazyWithRetry<Record<string, never>>(() =>
  import('../../widgets/saved-data.tsx').then((m) => ({ default: m.SavedData })),
);

export function ProfileDialog({
  open,
  onOpenChange,
  onLogout,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onLogout: () => void;
}) {
  const { user, brokerage, loanOffice } = useStore(profileStore);
  // The server never changes a password while impersonating, so the button is not offered then.
  const impersonating = useStore(impersonationStore) !== null;
  const [updateOpen, setUpdateOpen] = useState(false);
  const [location, navigate] = useLocation();
  const search = useSearch();
  if (!user) return null;
  // Settings (the Cloze connection; a broker admin's email settings) open over the page the user is on,
  // as a history entry of its own, so Back closes them and keeps the page.
  const openSettings = () => {
    const params = new URLSearchParams(search);
    params.set('settings', 'true');
    onOpenChange(false);
    navigate(`${location}?${params.toString()}`);
  };
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || 'Not Available';
  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Profile"
        actions={
          <>
            <Button variant="text" onClick={() => onOpenChange(false)}>
              Close
            </Button>
            <Button variant="secondary" onClick={openSettings}>
              Settings
            </Button>
            {!impersonating && (
              <Button
                variant="secondary"
                onClick={() => {
                  onOpenChange(false);
                  setUpdateOpen(true);
                }}
              >
                Update Password
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => {
                onOpenChange(false);
                onLogout();
              }}
            >
              Log out
            </Button>
          </>
        }
      >
        <dl>
          <dt>Name</dt>
          <dd>{name}</dd>
          {user.email && (
            <>
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </>
          )}
          {user.phone && (
            <>
              <dt>Phone</dt>
              <dd>{formatPhone(user.phone)}</dd>
            </>
          )}
          {brokerage && (
            <>
              <dt>Brokerage</dt>
              <dd>{brokerage.name}</dd>
            </>
          )}
          {loanOffice && (
            <>
              <dt>Loan office</dt>
              <dd>{loanOffice.name}</dd>
            </>
          )}
          <dt>Roles</dt>
          <dd>{user.roles.map((r) => (isRole(r.name) ? roleDisplayName(r.name) : r.name)).join(', ')}</dd>
        </dl>
        {open && (
          <Suspense fallback={null}>
            <SavedData />
          </Suspense>
        )}
      </Dialog>
      <UpdatePasswordDialog open={updateOpen} onOpenChange={setUpdateOpen} mode="change" />
    </>
  );
}
