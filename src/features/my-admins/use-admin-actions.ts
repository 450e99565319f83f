import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brokerageAdminKeys, removeUser, resendInvite } from '../../api/brokerage-admins.ts';
import { ApiError } from '../../api/client.ts';
import { useSnackbar } from '../../ui/snackbar.tsx';

const failure = (e: unknown) => (e instanceof ApiError ? e.message : 'An error occurred please try again.');

/** Resend an invitation and remove an admin; the server's refusal (yourself, the last admin) is shown as it says it. */
export function useAdminActions(onRemoved?: () => void) {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const refresh = () => client.invalidateQueries({ queryKey: brokerageAdminKeys.all });
  const resend = useMutation({
    mutationFn: resendInvite,
    onSuccess: (sent) => { snackbar(`Invitation sent again to ${sent.email}.`); void refresh(); },
    onError: (e) => snackbar(failure(e), { tone: 'error' }),
  });
  const remove = useMutation({
    mutationFn: removeUser,
    onSuccess: () => { snackbar('The administrator was removed.'); void refresh(); onRemoved?.(); },
    onError: (e) => snackbar(failure(e), { tone: 'error', durationMs: 8000 }),
  });
  return { resend, remove };
}
