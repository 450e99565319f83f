import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { agentChanged, deactivateAgent, deleteAgent, pauseAgent, reactivateAgent } from '../api/agent-lifecycle.ts';
import { serverMessage } from '../api/staff.ts';
import { agentCan, type Agent, type AgentLifecycleStep } from '../contract/agents.ts';
import { enumLabel } from '../contract/labels.ts';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { useSnackbar } from '../ui/snackbar.tsx';
import * as styles from '../ui/staff.css.ts';

const CALLS: Record<AgentLifecycleStep, (id: number) => Promise<Agent>> = {
  pause: pauseAgent,
  deactivate: deactivateAgent,
  delete: deleteAgent,
  reactivate: reactivateAgent,
};

/** What each step does, in the words the buttons, confirmations and results use. */
const STEPS = {
  pause: { label: 'Pause Agent', done: 'was paused' },
  reactivate: { label: 'Reactivate Agent', done: 'was reactivated' },
  deactivate: { label: 'Deactivate Agent', done: 'was deactivated' },
  delete: { label: 'Delete Agent', done: 'was deleted' },
} as const;

/** The step that takes back a reversible one (Undo); Deactivate and Delete end the agent's sessions, so they are confirmed instead. */
const UNDO: Partial<Record<AgentLifecycleStep, AgentLifecycleStep>> = { pause: 'reactivate' };

const confirmText = (step: 'deactivate' | 'delete', name: string) =>
  step === 'delete'
    ? `${name} will be set to Deleted and leaves the roster (the Deleted filter and a name search still find them): no new referrals, and they are signed out at once with no sign-in until reactivated. Their open referrals stay assigned to them (reassign them from My Referrals); their referrals, notes and history stay readable.`
    : `${name} will be set to Deactivated and stays on the roster: no new referrals, and they are signed out at once with no sign-in until reactivated. Their open referrals stay assigned to them (reassign them from My Referrals).`;

/**
 * The agent's status with the lifecycle steps the server allows from it (AGENT_LIFECYCLE_FROM):
 * Pause (Undo beside the result), Reactivate (Resume for a paused agent; Undo pauses again), and
 * Deactivate and Delete, each after a confirmation because the agent's sessions end at once.
 * On the staff agent view and on a broker admin's own agent (My Agents): the server admits both.
 */
export function AgentLifecycle({ agent, name }: { agent: Agent; name: string }) {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const [confirming, setConfirming] = useState<'deactivate' | 'delete'>();
  /** The last reversible step taken here, with the step that takes it back. */
  const [undoable, setUndoable] = useState<{ text: string; undo: AgentLifecycleStep }>();
  const step = useMutation({
    mutationFn: ({ kind }: { kind: AgentLifecycleStep; undo?: boolean }) => CALLS[kind](agent.id),
    onSuccess: async (a, { kind, undo }) => {
      setConfirming(undefined);
      const text = undo
        ? `Undone: ${name} is ${enumLabel('agentStatus', a.status)} again.`
        : `${name} ${STEPS[kind].done}.`;
      // Reactivating a paused agent is undone by pausing again; reactivating a deleted or deactivated one is not offered back here.
      const back = undo ? undefined : kind === 'reactivate' && agent.status === 'PAUSED' ? 'pause' : UNDO[kind];
      setUndoable(back ? { text, undo: back } : undefined);
      if (!back) snackbar(text, { tone: 'success' });
      await agentChanged(client, a);
    },
    onError: (err) => {
      setConfirming(undefined);
      snackbar(serverMessage(err), { tone: 'error' });
    },
  });
  const run = (kind: AgentLifecycleStep, undo = false) => {
    setUndoable(undefined);
    step.mutate({ kind, undo });
  };
  const can = (kind: AgentLifecycleStep) => agentCan(kind, agent.status);
  return (
    <div className={styles.stack}>
      <div className={styles.inlineForm}>
        <span className={styles.meta} data-testid="agent-status">
          Status: {enumLabel('agentStatus', agent.status)}
        </span>
        {can('reactivate') && (
          <Button variant="secondary" disabled={step.isPending} onClick={() => run('reactivate')}>
            {agent.status === 'PAUSED' ? 'Resume Agent' : STEPS.reactivate.label}
          </Button>
        )}
        {can('pause') && (
          <Button variant="secondary" disabled={step.isPending} onClick={() => run('pause')}>
            {STEPS.pause.label}
          </Button>
        )}
        {can('deactivate') && (
          <Button variant="secondary" disabled={step.isPending} onClick={() => setConfirming('deactivate')}>
            {STEPS.deactivate.label}
          </Button>
        )}
        {can('delete') && (
          <Button variant="secondary" disabled={step.isPending} onClick={() => setConfirming('delete')}>
            {STEPS.delete.label}
          </Button>
        )}
      </div>
      {undoable && (
        <p role="status" className={styles.inlineForm}>
          <span>{undoable.text}</span>
          <Button variant="text" disabled={step.isPending} onClick={() => run(undoable.undo, true)}>
            Undo
          </Button>
        </p>
      )}
      <ConfirmDialog
        open={confirming !== undefined}
        onOpenChange={(o) => {
          if (!o) setConfirming(undefined);
        }}
        danger
        busy={step.isPending}
        title={confirming ? STEPS[confirming].label : ''}
        description={confirming ? confirmText(confirming, name) : ''}
        confirmLabel={confirming === 'deactivate' ? 'Deactivate' : 'Delete'}
        onConfirm={() => {
          if (confirming) step.mutate({ kind: confirming });
        }}
      />
    </div>
  );
}
