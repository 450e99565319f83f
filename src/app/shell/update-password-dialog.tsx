import { Suspense } from 'react';

import { Dialog } from '../../ui/dialog.tsx';
import { lazyWithRetry } from '../lazy-with-retry.tsx';
import type { UpdatePasswordMode } from './update-password-form.tsx';

// The form (its rules, the contract's password schema, the error wiring) loads when the dialog first
// opens, not with the shell: the shared console chunk has its own budget (0054).
type FormProps = { mode: UpdatePasswordMode; onDone: () => void; onCancel: () => void };
const UpdatePasswordForm = lazyWithRetry<FormProps>(() =>
  import('./update-password-form.tsx').then((m) => ({ default: m.UpdatePasswordForm })),
);

/** The update-password dialog; its fields start empty each time it opens (nothing secret is kept). */
export function UpdatePasswordDialog({
  open,
  onOpenChange,
  mode,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  mode: UpdatePasswordMode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Update Password">
      {open && (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <UpdatePasswordForm mode={mode} onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
        </Suspense>
      )}
    </Dialog>
  );
}
