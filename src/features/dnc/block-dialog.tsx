import { toggleDncBlockedWrite } from '../../api/dnc.ts';
import { serverMessage } from '../../api/staff.ts';
import { useWrite } from '../../api/write.ts';
import type { DncContact } from '../../contract/interviews.ts';
import { formatPhone } from '../../lib/validation.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import { blockActionLabel } from './dnc-table.tsx';

/** Confirms Block Number / Unblock Number, then PATCHes blocked and reloads the list (spec 1 sections 4 and 8). */
export function BlockDialog({ contact, onClose }: { contact: DncContact | null; onClose: () => void }) {
  const snackbar = useSnackbar();
  // Undo blocks or unblocks again (the same PATCH the other way), with its own word in the message.
  const undo = useWrite(toggleDncBlockedWrite, {
    onSuccess: (back) =>
      snackbar(back.blocked ? 'Undone: the number is blocked again.' : 'Undone: the number is unblocked again.', {
        tone: 'success',
      }),
    onError: (err) => snackbar(serverMessage(err), { tone: 'error' }),
  });
  const toggle = useWrite(toggleDncBlockedWrite, {
    onSuccess: (updated) => {
      snackbar(updated.blocked ? 'Successfully blocked the number.' : 'Successfully unblocked the number.', {
        tone: 'success',
        action: { label: 'Undo', run: () => undo.mutate(updated) },
      });
      onClose();
    },
    onError: (err) => {
      snackbar(serverMessage(err), { tone: 'error' });
      onClose();
    },
  });
  if (!contact) return null;
  const label = blockActionLabel(contact);
  const shown = contact.type === 'PHONE' ? formatPhone(contact.value) : contact.value;
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title={label}
      confirmLabel={label}
      busy={toggle.isPending}
      description={
        contact.blocked
          ? `Unblock ${shown}? Inbound contact from it will be allowed again.`
          : `Block ${shown}? Inbound contact from it will be blocked.`
      }
      onConfirm={() => toggle.mutate(contact)}
    />
  );
}
