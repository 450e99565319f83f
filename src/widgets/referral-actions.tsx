import { useState } from 'react';

import { NOTIFICATION_ROLES } from '../access/roles.ts';
import { useStore } from '../session/persisted-store.ts';
import { profileStore } from '../session/state.ts';
import { ActionBar } from '../ui/action-bar.tsx';
import { Button } from '../ui/button.tsx';
import * as styles from './referral-actions.css.ts';
import { ReassignDialog } from './referral-reassign-dialog.tsx';
import { RemindAgentButton } from './referral-remind-button.tsx';

export interface ReferralActionsProps {
  referral: { id: number; agentId: number; agentName: string | null; overdue: boolean; name: string };
  /** The referral's brokerage (its agents are the choices); null hides Reassign. */
  brokerageId: number | null;
  /** After the referral moved to `agentId` (a page under its old agent goes to the new one). */
  onReassigned?: ((agentId: number) => void) | undefined;
  /** A phone's bar stuck to the bottom of the screen (action-bar.tsx), last in the page. */
  docked?: boolean;
}

/** What a brokerage admin or staff do on a referral's page: reassign it, remind its agent when it is overdue. */
export function ReferralActions({ referral: r, brokerageId, onReassigned, docked }: ReferralActionsProps) {
  const [reassigning, setReassigning] = useState(false);
  // Reminders are sent by the my-notifications roles only (QA reviews, decision 0085): the server refuses the others.
  const mayRemind = useStore(
    profileStore,
    (p) => !!p.user?.roles.some((role) => (NOTIFICATION_ROLES as readonly string[]).includes(role.name)),
  );
  const actions = (
    <>
      {brokerageId !== null && (
        <>
          <Button variant="secondary" onClick={() => setReassigning(true)}>
            Reassign
          </Button>
          <ReassignDialog
            open={reassigning}
            onOpenChange={setReassigning}
            brokerageId={brokerageId}
            referrals={[{ id: r.id, agentId: r.agentId, name: r.name }]}
            onFinished={(outcomes, agentId) => {
              if (outcomes.every((o) => !o.error)) onReassigned?.(agentId);
            }}
          />
        </>
      )}
      {r.overdue && mayRemind && (
        <RemindAgentButton key={`${r.id}-${r.agentId}`} agentId={r.agentId} referralId={r.id} agentName={r.agentName} />
      )}
    </>
  );
  if (docked) return <ActionBar label="Referral actions">{actions}</ActionBar>;
  return (
    <div role="group" aria-label="Referral actions" className={styles.actions}>
      {actions}
    </div>
  );
}
