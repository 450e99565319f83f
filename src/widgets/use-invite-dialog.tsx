import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';

import { useSnackbar } from '../ui/snackbar.tsx';
import { InviteAgentsDialog } from './invite-agents-dialog.tsx';

/**
 * The Invite Agents dialog of a page: open while the address has ?invite=true (where the top bar's
 * Invite Agents button leads), and from the page's own button.
 */
export function useInviteDialog() {
  const params = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();
  const [openHere, setOpenHere] = useState(false);
  const snackbar = useSnackbar();
  const fromAddress = params.get('invite') === 'true';
  const open = fromAddress || openHere;
  const setOpen = (o: boolean) => {
    setOpenHere(o);
    if (!o && fromAddress) {
      params.delete('invite');
      const qs = params.toString();
      navigate(qs ? `${location}?${qs}` : location, { replace: true });
    }
  };
  const dialog = (
    <InviteAgentsDialog
      open={open}
      onOpenChange={setOpen}
      onSent={(email) => snackbar(`Invitation sent to ${email}`)}
    />
  );
  return { open: () => setOpenHere(true), dialog };
}
