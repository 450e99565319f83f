import { useState } from 'react';

import {
  clearImpersonationRequest,
  endImpersonation,
  startImpersonation,
  useImpersonationRequest,
  type ImpersonationRequest,
} from '../../session/impersonation.ts';
import { useStore } from '../../session/persisted-store.ts';
import { impersonationStore } from '../../session/state.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

export type ImpersonationDialogState = 'impersonate' | 'disableImpersonate' | 'impersonateError';

export const impersonateErrorText = (name: string) =>
  `There was an error impersonating ${name}. Please contact support for assistance.`;

/**
 * The impersonation dialog (spec 2 section 1) with its three states: impersonate (confirm a start),
 * disableImpersonate (confirm the end) and impersonateError (no active administrator). The shell
 * hosts it; screens open it through requestImpersonation / requestStopImpersonation.
 */
export function ImpersonationDialog() {
  const request = useImpersonationRequest();
  // Mounted per request, so a new request starts without the last one's error or busy state.
  return request ? <RequestDialog request={request} /> : null;
}

function RequestDialog({ request }: { request: ImpersonationRequest }) {
  const current = useStore(impersonationStore);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const state: ImpersonationDialogState =
    request.mode === 'disableImpersonate' ? 'disableImpersonate' : failed ? 'impersonateError' : 'impersonate';
  const name = request.mode === 'impersonate' ? request.target.name : (current?.target.name ?? '');
  const close = (open: boolean) => {
    if (!open) clearImpersonationRequest();
  };
  const cancel = (
    <Button variant="text" onClick={clearImpersonationRequest}>
      Cancel
    </Button>
  );

  const start = async () => {
    if (request.mode !== 'impersonate') return;
    setBusy(true);
    const ok = await startImpersonation(request.target);
    if (!ok) {
      setFailed(true);
      setBusy(false);
    }
  };
  const stop = async () => {
    setBusy(true);
    await endImpersonation();
  };

  if (state === 'impersonateError') {
    return (
      <Dialog
        open
        onOpenChange={close}
        title="Impersonation Error"
        description={impersonateErrorText(name)}
        actions={<Button onClick={clearImpersonationRequest}>Close</Button>}
      />
    );
  }
  if (state === 'disableImpersonate') {
    return (
      <Dialog
        open
        onOpenChange={close}
        title="Stop Impersonating"
        description={`Do you want to stop impersonating ${name}? You will return to your own account.`}
        actions={
          <>
            {cancel}
            <Button
              disabled={busy}
              onClick={() => {
                void stop();
              }}
            >
              Stop Impersonating
            </Button>
          </>
        }
      />
    );
  }
  return (
    <Dialog
      open
      onOpenChange={close}
      title={`Impersonate ${name}`}
      description={`Impersonating ${name} allows you to manage this profile as an administrator.`}
      actions={
        <>
          {cancel}
          <Button
            disabled={busy}
            onClick={() => {
              void start();
            }}
          >
            Impersonate
          </Button>
        </>
      }
    />
  );
}
