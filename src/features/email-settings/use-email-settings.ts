import { ApiError } from '../../api/client.ts';
import { deleteEmailSettingWrite, saveEmailSettingWrite } from '../../api/email-settings.ts';
import { useWrite } from '../../api/write.ts';
import { useSnackbar } from '../../ui/snackbar.tsx';

/** Add or change (save) and delete, for one brokerage (undefined: the signed-in admin's own). */
export function useEmailSettingWrites(brokerageId: number | undefined) {
  const snackbar = useSnackbar();
  const save = useWrite(saveEmailSettingWrite(brokerageId), {
    onSuccess: () => {
      snackbar('Email settings saved.');
    },
  });
  const remove = useWrite(deleteEmailSettingWrite(brokerageId), {
    onSuccess: () => {
      snackbar('Address deleted.');
    },
    onError: (e) =>
      snackbar(e instanceof ApiError ? e.message : 'An error occurred please try again.', { tone: 'error' }),
  });
  return { save, remove };
}
export type EmailSettingWrites = ReturnType<typeof useEmailSettingWrites>;
