import { removeAdminWrite, resendAdminInviteWrite } from '../../api/brokerage-admins.ts';
import { ApiError } from '../../api/client.ts';
import { useWrite } from '../../api/write.ts';
import { useSnackbar } from '../../ui/snackbar.tsx';

const failure = (e: unknown) => (e instanceof ApiError ? e.message : 'An error occurred please try again.');

/** Resend an invitation and remove an admin; the server's refusal (yourself, the last admin) is shown as it says it. */
export function useAdminActions(onRemoved?: () => void) {
  const snackbar = useSnackbar();
  const resend = useWrite(resendAdminInviteWrite, {
    onSuccess: (sent) => {
      snackbar(`Invitation sent again to ${sent.email}.`);
    },
    onError: (e) => snackbar(failure(e), { tone: 'error' }),
  });
  const remove = useWrite(removeAdminWrite, {
    onSuccess: () => {
      snackbar('The administrator was removed.');
      onRemoved?.();
    },
    onError: (e) => snackbar(failure(e), { tone: 'error', durationMs: 8000 }),
  });
  return { resend, remove };
}
