import { useState } from 'react';

import { ApiError } from '../../api/client.ts';
import { deactivateUserWrite, resendUserInviteWrite } from '../../api/user-management.ts';
import { useWrite } from '../../api/write.ts';
import type { UserDetail } from '../../contract/users.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { userName } from './user-format.tsx';

const failure = (e: unknown) => (e instanceof ApiError ? e.message : 'An error occurred please try again.');

/** Resend Invite (while registering) and Deactivate (asks first; never deletes, so history keeps its author). */
export function UserActions({ user }: { user: UserDetail }) {
  const [confirm, setConfirm] = useState(false);
  const snackbar = useSnackbar();
  const resend = useWrite(resendUserInviteWrite(user.id), {
    onSuccess: (sent) => {
      snackbar(`Invitation sent again to ${sent.email}.`);
    },
    onError: (e) => snackbar(failure(e), { tone: 'error' }),
  });
  const deactivate = useWrite(deactivateUserWrite(user.id), {
    onSuccess: () => {
      snackbar(`${userName(user)} was deactivated.`);
    },
    onError: (e) => snackbar(failure(e), { tone: 'error', durationMs: 8000 }),
  });
  if (user.status === 'DISABLED') return null;
  return (
    <div className={styles.inlineForm}>
      {user.status === 'INVITED' && (
        <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
          Resend Invite
        </Button>
      )}
      {user.manageable && (
        <Button variant="secondary" onClick={() => setConfirm(true)}>
          Deactivate
        </Button>
      )}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        danger
        busy={deactivate.isPending}
        confirmLabel="Deactivate"
        title="Deactivate user"
        description={`${userName(user)} can no longer sign in. Their history stays, and open invitations stop working.`}
        onConfirm={() => deactivate.mutate(undefined, { onSettled: () => setConfirm(false) })}
      />
    </div>
  );
}
