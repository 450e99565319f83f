import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import { Banner } from '../../ui/banner.tsx';
import { Button } from '../../ui/button.tsx';
import { openPasswordExpiredDialog } from './password-expired-dialog.tsx';

export const PASSWORD_EXPIRED_TEXT = 'Your password has recently expired or has been reset. Please update it now.';

/** The warning shown while the signed-in user's password is expired, with a way back to the dialog. */
export function PasswordExpiredBanner() {
  const expired = useStore(profileStore, (p) => p.user?.passwordExpired === true);
  if (!expired) return null;
  return (
    <Banner
      tone="warning"
      label="Password expired"
      action={
        <Button variant="secondary" onClick={openPasswordExpiredDialog}>
          Update Password
        </Button>
      }
    >
      {PASSWORD_EXPIRED_TEXT}
    </Banner>
  );
}
