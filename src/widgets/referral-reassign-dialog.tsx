import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { invalidateAfterReassign, reassignChoicesQueryOptions, reassignReferral } from '../api/broker-referrals.ts';
import { REASSIGN_REFUSAL_LABELS, REASSIGN_REFUSAL_MESSAGES, reassignRefusal } from '../lib/reassignment-rule.ts';
import { Button } from '../ui/button.tsx';
import { SelectField } from '../ui/choice.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { QueryFailure } from '../ui/query-failure.tsx';
import { useBackCloses } from '../ui/referral-actions-back.ts';
import { useSnackbar } from '../ui/snackbar.tsx';
import * as styles from './referral-actions.css.ts';

/** A referral to move: its id, its agent now and the prospect's name (for the report). */
export interface ReassignItem {
  id: number;
  agentId: number;
  name: string;
}
export interface ReassignOutcome {
  id: number;
  name: string;
  error?: string;
}

export interface ReassignDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The referrals' brokerage: its agents are the choices. */
  brokerageId: number;
  referrals: readonly ReassignItem[];
  /** Every referral's outcome once all are done (failed ones carry the server's reason), and the agent chosen. */
  onFinished?: (outcomes: ReassignOutcome[], agentId: number) => void;
}

type Step = 'pick' | 'confirm' | 'running' | 'done';
const plural = (n: number) => (n === 1 ? '1 referral' : `${n} referrals`);

/**
 * Moves one or several referrals to one agent of their brokerage: pick (the agents who may not take
 * them are shown with the server's reason, src/lib/reassignment-rule.ts), confirm, then one request
 * per referral and a report of each. The new agent is notified, so the move is not undone here.
 */
export function ReassignDialog({ open, onOpenChange, brokerageId, referrals, onFinished }: ReassignDialogProps) {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const agents = useQuery({ ...reassignChoicesQueryOptions(brokerageId), enabled: open });
  const [step, setStep] = useState<Step>('pick');
  const [agentId, setAgentId] = useState('');
  const [progress, setProgress] = useState(0);
  const [outcomes, setOutcomes] = useState<ReassignOutcome[]>([]);
  const [error, setError] = useState<string>();
  const close = () => {
    onOpenChange(false);
    setStep('pick');
    setAgentId('');
    setOutcomes([]);
    setError(undefined);
  };
  useBackCloses(open, close);
  // Back (or Escape) may close the dialog while the requests run: the report then goes to the snackbar only.
  const isOpen = useRef(open);
  useEffect(() => {
    isOpen.current = open;
  }, [open]);

  const single = referrals.length === 1;
  const subject = single ? (referrals[0]?.name ?? 'This referral') : plural(referrals.length);
  const choices = (agents.data ?? []).map((a) => {
    const refusals = referrals.map((r) => reassignRefusal({ agentId: r.agentId, brokerageId }, a));
    const blocked = refusals.every((x) => x !== null);
    const some = refusals.filter((x) => x === 'SAME_AGENT').length;
    const why = blocked
      ? REASSIGN_REFUSAL_LABELS[refusals[0]!]
      : some > 0
        ? `Already assigned ${some} of ${referrals.length}`
        : '';
    return { ...a, blocked, why };
  });
  const target = choices.find((a) => String(a.id) === agentId);

  const run = async () => {
    if (!target) return;
    setStep('running');
    const done: ReassignOutcome[] = [];
    for (const [i, r] of referrals.entries()) {
      setProgress(i + 1);
      // The rule refuses these for sure: reported with the server's own words, not sent.
      const refusal = reassignRefusal({ agentId: r.agentId, brokerageId }, target);
      if (refusal) {
        done.push({ id: r.id, name: r.name, error: REASSIGN_REFUSAL_MESSAGES[refusal] });
        continue;
      }
      try {
        await reassignReferral(r.id, target.id);
        done.push({ id: r.id, name: r.name });
      } catch (err) {
        done.push({
          id: r.id,
          name: r.name,
          error: err instanceof Error && err.message ? err.message : 'An error occurred please try again.',
        });
      }
    }
    const moved = done.filter((o) => !o.error).length;
    if (moved > 0) void invalidateAfterReassign(client);
    onFinished?.(done, target.id);
    if (single && moved === 1) {
      snackbar(`${subject} reassigned to ${target.name}.`, { tone: 'success' });
      close();
      return;
    }
    if (single) {
      if (isOpen.current) {
        setError(done[0]?.error);
        setStep('pick');
      } else snackbar(done[0]?.error ?? 'Not reassigned.', { tone: 'error' });
      return;
    }
    snackbar(
      moved === done.length
        ? `${plural(moved)} reassigned to ${target.name}.`
        : `${moved} of ${plural(done.length)} reassigned to ${target.name}; ${done.length - moved} not reassigned.`,
      { tone: moved === done.length ? 'success' : 'error' },
    );
    if (!isOpen.current) return;
    setOutcomes(done);
    setStep('done');
  };

  const title =
    step === 'confirm'
      ? 'Confirm reassignment'
      : step === 'done'
        ? 'Reassignment results'
        : single
          ? 'Reassign referral'
          : `Reassign ${plural(referrals.length)}`;
  const actions =
    step === 'pick' ? (
      <>
        <Button variant="text" onClick={close}>
          Cancel
        </Button>
        <Button
          disabled={!target || target.blocked}
          onClick={() => {
            setError(undefined);
            setStep('confirm');
          }}
        >
          Reassign
        </Button>
      </>
    ) : step === 'confirm' ? (
      <>
        <Button variant="text" onClick={() => setStep('pick')}>
          Back
        </Button>
        <Button
          onClick={() => {
            void run();
          }}
        >
          Confirm reassignment
        </Button>
      </>
    ) : step === 'done' ? (
      <Button onClick={close}>Close</Button>
    ) : undefined;

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o && step !== 'running') close();
      }}
      title={title}
      actions={actions}
    >
      <div className={styles.sheetBody}>
        {step === 'pick' && (
          <>
            <p>Move {subject} to another agent of the brokerage.</p>
            {agents.isError && <QueryFailure thing="The agents" retry={agents.refetch} />}
            <SelectField
              label="New agent"
              value={agentId}
              onChange={(e) => {
                setAgentId(e.target.value);
                setError(undefined);
              }}
              disabled={agents.isPending}
              error={error}
            >
              <option value="">{agents.isPending ? 'Loading agents…' : 'Choose an agent'}</option>
              {choices.map((a) => (
                <option key={a.id} value={a.id} disabled={a.blocked}>
                  {a.why ? `${a.label} (${a.why})` : a.label}
                </option>
              ))}
            </SelectField>
          </>
        )}
        {step === 'confirm' && target && (
          <p>
            Reassign {subject} to {target.name}? {target.name} is notified at once, and the reassignment cannot be
            undone from here.
            {target.why && ` ${target.why}: those stay where they are.`}
          </p>
        )}
        {step === 'running' && (
          <p role="status">
            Reassigning {progress} of {plural(referrals.length)}…
          </p>
        )}
        {step === 'done' && <Results outcomes={outcomes} agent={target?.name ?? 'the agent'} />}
      </div>
    </Dialog>
  );
}

function Results({ outcomes, agent }: { outcomes: readonly ReassignOutcome[]; agent: string }) {
  const moved = outcomes.filter((o) => !o.error);
  const failed = outcomes.filter((o) => o.error);
  return (
    <>
      <p role="status">
        {moved.length} of {plural(outcomes.length)} reassigned to {agent}.
      </p>
      {moved.length > 0 && (
        <section aria-label="Reassigned">
          <h3>Reassigned</h3>
          <ul className={styles.results}>
            {moved.map((o) => (
              <li key={o.id}>{o.name}</li>
            ))}
          </ul>
        </section>
      )}
      {failed.length > 0 && (
        <section aria-label="Not reassigned">
          <h3>Not reassigned (still selected)</h3>
          <ul className={styles.results}>
            {failed.map((o) => (
              <li key={o.id} className={styles.failed}>
                {o.name}: {o.error}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
