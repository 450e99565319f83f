import { removeDncContactWrite } from '../../api/dnc.ts';
import { serverMessage } from '../../api/staff.ts';
import { useWrite } from '../../api/write.ts';
import type { DncContact } from '../../contract/interviews.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import { dncValueText } from './dnc-table.tsx';

/**
 * Confirms taking a contact off the do-not-call list (DELETE .../DNC/delete), then reloads the list.
 * Asked first because the number may be called and texted again at once, bulk SMS included.
 */
export function RemoveDialog({ contact, onClose }: { contact: DncContact | null; onClose: () => void }) {
  const snackbar = useSnackbar();
  const remove = useWrite(removeDncContactWrite, {
    onSuccess: () => {
      snackbar('Removed from the DNC list.', { tone: 'success' });
      onClose();
    },
    onError: (err) => {
      snackbar(serverMessage(err), { tone: 'error' });
      onClose();
    },
  });
  if (!contact) return null;
  const shown = dncValueText(contact);
  return (
    <ConfirmDialog
      open
      danger
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title="Remove from the DNC List"
      confirmLabel="Remove"
      busy={remove.isPending}
      description={`Remove ${shown} from the do-not-call list? It may then be called, e-mailed and texted again.`}
      onConfirm={() => remove.mutate(contact)}
    />
  );
}
