import { useState } from 'react';

import type { BrokerageAdmin } from '../../contract/brokerage-admins.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import * as styles from '../../ui/staff.css.ts';
import { adminName } from './admin-format.tsx';
import { useAdminActions } from './use-admin-actions.ts';

/** Resend (for someone still registering) and Remove (asks first) for one admin. */
export function AdminActions({ admin, onRemoved }: { admin: BrokerageAdmin; onRemoved?: () => void }) {
  const [confirm, setConfirm] = useState(false);
  const { resend, remove } = useAdminActions(onRemoved);
  const name = adminName(admin);
  // Only what the server would do: never on oneself, nor on someone holding a role the caller could not grant.
  if (admin.status === 'DISABLED' || !admin.manageable) return null;
  return (
    <span className={styles.inlineForm}>
      {admin.status === 'INVITED' && (
        <Button
          variant="text"
          aria-label={`Resend invite to ${name}`}
          disabled={resend.isPending}
          onClick={() => resend.mutate(admin.id)}
        >
          Resend Invite
        </Button>
      )}
      <Button variant="text" aria-label={`Remove ${name}`} onClick={() => setConfirm(true)}>
        Remove
      </Button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        danger
        busy={remove.isPending}
        confirmLabel="Remove"
        title="Remove administrator"
        description={
          admin.status === 'INVITED'
            ? `${name}'s invitation stops working and they will not become an administrator.`
            : `${name} can no longer sign in or manage this brokerage. Their history stays.`
        }
        onConfirm={() => remove.mutate(admin.id, { onSettled: () => setConfirm(false) })}
      />
    </span>
  );
}
