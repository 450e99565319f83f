import { useState } from 'react';
import { logout } from '../../session/session.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

export function LogoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Log out" description="Are you sure you want to log out?"
      actions={<>
        <Button variant="text" onClick={() => onOpenChange(false)}>Cancel</Button>
        <Button disabled={busy} onClick={() => { setBusy(true); void logout(); }}>Log out</Button>
      </>} />
  );
}
