import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { apinationQueryOptions, setApinationWrite } from '../api/brokerage-admin.ts';
import { serverMessage } from '../api/staff.ts';
import { useWrite } from '../api/write.ts';
import type { ApinationState } from '../contract/brokerage-admin.ts';
import { formatDateTime } from '../lib/format.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { QueryFailure } from '../ui/query-failure.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { useSnackbar } from '../ui/snackbar.tsx';
import * as styles from '../ui/staff.css.ts';

// A brokerage's Apination integration: its state, who changed it and when, and (for the
// broker admin on the marketplace, or staff who may impersonate) the switch behind a confirmation.

/** "Enabled by Blair Harbor on 11/24/2026 9:15 AM (acting: Alex Admin)"; never changed: "Never enabled." */
export function apinationHistory(s: ApinationState): string {
  if (!s.changedBy || !s.changedAt) return 'Never enabled.';
  const acting = s.actedBy ? ` (by ${s.actedBy.name} while impersonating)` : '';
  return `${s.enabled ? 'Enabled' : 'Disabled'} by ${s.changedBy.name}${acting} on ${formatDateTime(s.changedAt)}.`;
}

export function ApinationStatus({
  brokerageId,
  brokerageName,
  canSwitch,
}: {
  brokerageId: number;
  brokerageName: string;
  canSwitch: boolean;
}) {
  const snackbar = useSnackbar();
  const state = useQuery(apinationQueryOptions(brokerageId));
  const [confirming, setConfirming] = useState(false);
  const change = useWrite(setApinationWrite(brokerageId), {
    onSuccess: (s) => {
      setConfirming(false);
      snackbar(s.enabled ? 'Apination enabled.' : 'Apination disabled.', { tone: 'success' });
    },
    onError: (err) => {
      setConfirming(false);
      snackbar(serverMessage(err), { tone: 'error' });
    },
  });
  if (state.isError) return <QueryFailure thing="The Apination status" retry={state.refetch} />;
  if (!state.data) return <Skeleton label="Loading Apination status" shape="record" />;
  const s = state.data;
  const next = !s.enabled;
  return (
    <div className={styles.stack} aria-label="Apination status" role="group">
      <p>
        <Badge tone={s.enabled ? 'success' : 'neutral'}>{s.enabled ? 'Apination is on' : 'Apination is off'}</Badge>{' '}
        <span className={styles.meta}>{apinationHistory(s)}</span>
      </p>
      {canSwitch && (
        <div>
          <Button variant={s.enabled ? 'secondary' : 'primary'} onClick={() => setConfirming(true)}>
            {s.enabled ? 'Disable Apination' : 'Enable Apination'}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            busy={change.isPending}
            danger={!next}
            title={next ? 'Enable Apination?' : 'Disable Apination?'}
            description={
              next
                ? `Apination will sync referral updates between ${brokerageName} and its connected CRM and transaction tools.`
                : `Apination will stop syncing referral updates for ${brokerageName}.`
            }
            confirmLabel={next ? 'Enable' : 'Disable'}
            onConfirm={() => change.mutate(next)}
          />
        </div>
      )}
    </div>
  );
}
