import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { agentChanged, deleteAgent, reactivateAgent } from '../api/agent-lifecycle.ts';
import { serverMessage } from '../api/staff.ts';
import type { Agent } from '../contract/agents.ts';

import { Button } from './button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useSnackbar } from './snackbar.tsx';
import * as styles from './staff.css.ts';
import { enumLabel } from '../contract/labels.ts';

/** Statuses an agent is brought back from with Reactivate Agent; any other offers Delete Agent. */
export const REACTIVATABLE_STATUSES = ['DELETED', 'DEACTIVATED'];

/**
 * The agent's status with the lifecycle action beside it: Delete Agent (a soft delete to Deleted,
 * after a confirmation; the referrals stay readable) or, for a deleted or deactivated agent, Reactivate Agent.
 * On the staff agent view and on a broker admin's own agent (My Agents): the server admits both.
 */
export function AgentLifecycle({ agent, name }: { agent: Agent; name: string }) {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const done = (message: string) => async (a: Agent) => {
    setConfirming(false);
    snackbar(message, { tone: 'success' });
    await agentChanged(client, a);
  };
  const remove = useMutation({
    mutationFn: () => deleteAgent(agent.id), onSuccess: done(`${name} was deleted.`),
    onError: (err) => { setConfirming(false); snackbar(serverMessage(err), { tone: 'error' }); },
  });
  const reactivate = useMutation({
    mutationFn: () => reactivateAgent(agent.id), onSuccess: done(`${name} was reactivated.`),
    onError: (err) => snackbar(serverMessage(err), { tone: 'error' }),
  });
  const canReactivate = REACTIVATABLE_STATUSES.includes(agent.status);
  return (
    <div className={styles.inlineForm}>
      <span className={styles.meta} data-testid="agent-status">Status: {enumLabel('agentStatus', agent.status)}</span>
      {canReactivate
        ? <Button variant="secondary" disabled={reactivate.isPending} onClick={() => reactivate.mutate()}>Reactivate Agent</Button>
        : <Button variant="secondary" onClick={() => setConfirming(true)}>Delete Agent</Button>}
      <ConfirmDialog open={confirming} onOpenChange={setConfirming} danger busy={remove.isPending}
        title="Delete Agent"
        description={`${name} will be set to Deleted: no new referrals, and no sign-in until reactivated. Their open referrals stay assigned to them (reassign them from My Referrals); their referrals, notes and history stay readable.`}
        confirmLabel="Delete" onConfirm={() => remove.mutate()} />
    </div>
  );
}
