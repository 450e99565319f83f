import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { deleteEmailSetting, emailSettingKeys, saveEmailSetting } from '../../api/email-settings.ts';
import type { EmailSettingBody } from '../../contract/email-settings.ts';
import { useSnackbar } from '../../ui/snackbar.tsx';

/** Add or change (save) and delete, for one brokerage (undefined: the signed-in admin's own). */
export function useEmailSettingWrites(brokerageId: number | undefined) {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const refresh = () => client.invalidateQueries({ queryKey: emailSettingKeys.list(brokerageId) });
  const save = useMutation<unknown, ApiError, EmailSettingBody>({
    mutationFn: (body) => saveEmailSetting({ ...body, ...(brokerageId !== undefined && body.id === undefined ? { brokerageId } : {}) }),
    onSuccess: () => { snackbar('Email settings saved.'); void refresh(); },
  });
  const remove = useMutation({
    mutationFn: deleteEmailSetting,
    onSuccess: () => { snackbar('Address deleted.'); void refresh(); },
    onError: (e) => snackbar(e instanceof ApiError ? e.message : 'An error occurred please try again.', { tone: 'error' }),
  });
  return { save, remove };
}
export type EmailSettingWrites = ReturnType<typeof useEmailSettingWrites>;
