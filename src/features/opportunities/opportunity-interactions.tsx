import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { interactionsQueryOptions } from '../../api/opportunities.ts';
import {
  dispositionLabel,
  InteractionStrike,
  interactionTypeLabel,
  type Interaction,
} from '../../contract/interviews.ts';
import { enumLabel } from '../../contract/labels.ts';
import { fieldMaxLengths } from '../../contract/limits.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { TextArea } from '../../ui/choice.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Card } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useForm } from '../../widgets/form.ts';
import { CorrectDispositionDialog } from './correct-disposition-dialog.tsx';
import { LogInteractionDialog } from './log-interaction-dialog.tsx';
import { useStrikeInteraction } from './use-interaction-writes.ts';

/** The server's limit on a strike's reason (InteractionStrike). */
const STRIKE_MAX = fieldMaxLengths(InteractionStrike);

const duration = (s: number | null) => (s === null ? '-' : s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${s % 60}s`);
const countText = (n: number) => `${n} ${n === 1 ? 'interaction' : 'interactions'}`;

const COLUMNS: Column<Interaction>[] = [
  { key: 'when', header: 'When', cell: (i) => formatDateTime(i.created) },
  { key: 'type', header: 'Type', cell: (i) => interactionTypeLabel(i.type) },
  { key: 'direction', header: 'Direction', cell: (i) => enumLabel('interactionDirection', i.direction) },
  { key: 'disposition', header: 'Disposition', cell: (i) => dispositionLabel(i.disposition) },
  { key: 'duration', header: 'Duration', cell: (i) => duration(i.durationSeconds) },
  {
    key: 'summary',
    header: 'Summary',
    cell: (i) =>
      i.struck ? (
        <>
          <s>{i.summary ?? '-'}</s>{' '}
          <span className={styles.meta}>{`Struck${i.struck.by ? ` by ${i.struck.by}` : ''}: ${i.struck.reason}`}</span>
        </>
      ) : (
        (i.summary ?? '-')
      ),
  },
];

/** Strike: asks why (kept with the row and in the audit); the row stays listed, left out of every count. */
function StrikeDialog({
  interaction,
  onOpenChange,
  onStruck,
}: {
  interaction: Interaction | null;
  onOpenChange: (open: boolean) => void;
  onStruck: (i: Interaction) => void;
}) {
  return (
    <Dialog
      open={interaction !== null}
      onOpenChange={onOpenChange}
      title="Strike Interaction"
      description={
        interaction
          ? `${interactionTypeLabel(interaction.type)} of ${formatDateTime(interaction.created)}. A struck interaction stays listed, crossed out, and no longer counts.`
          : undefined
      }
    >
      {interaction && <StrikeForm interaction={interaction} onCancel={() => onOpenChange(false)} onStruck={onStruck} />}
    </Dialog>
  );
}

function StrikeForm({
  interaction,
  onCancel,
  onStruck,
}: {
  interaction: Interaction;
  onCancel: () => void;
  onStruck: (i: Interaction) => void;
}) {
  const strike = useStrikeInteraction(interaction.opportunityId);
  const [reason, setReason] = useState('');
  const { form, errors, clear, formError, check, refused } = useForm(['reason'] as const);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!check(reason.trim() ? {} : { reason: 'Say why it is struck' })) return;
    strike.mutate(
      { id: interaction.id, reason: reason.trim() },
      {
        onSuccess: onStruck,
        onError: (err) => {
          refused(err);
        },
      },
    );
  };
  return (
    <form ref={form} onSubmit={submit} noValidate>
      {formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      <TextArea
        label="Reason"
        name="reason"
        rows={2}
        maxLength={STRIKE_MAX.reason}
        value={reason}
        error={errors.reason}
        onChange={(e) => {
          clear('reason');
          setReason(e.target.value);
        }}
      />
      <div className={styles.toolbar}>
        <span className={styles.toolbarSpacer} />
        <Button variant="text" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" type="submit" disabled={strike.isPending}>
          Strike
        </Button>
      </div>
    </form>
  );
}

/** Calls, texts and emails with the client, newest first; staff who may write log one and correct a disposition. */
export function OpportunityInteractions({ id, canWrite }: { id: number; canWrite: boolean }) {
  const query = useQuery(interactionsQueryOptions(id));
  const snackbar = useSnackbar();
  const [logging, setLogging] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const [target, setTarget] = useState<Interaction | null>(null);
  const [striking, setStriking] = useState<Interaction | null>(null);
  const undoLog = useStrikeInteraction(id);
  const openCorrection = (i: Interaction) => {
    setTarget(i);
    setCorrecting(true);
  };
  const columns: Column<Interaction>[] = canWrite
    ? [
        ...COLUMNS,
        {
          key: 'actions',
          header: 'Actions',
          cell: (i) =>
            i.struck ? (
              <span className={styles.meta}>Struck</span>
            ) : (
              <div className={styles.chips}>
                <Button
                  variant="secondary"
                  onClick={() => openCorrection(i)}
                  aria-label={`Correct disposition of the ${interactionTypeLabel(i.type).toLowerCase()} of ${formatDateTime(i.created)}`}
                >
                  Correct Disposition
                </Button>
                <Button
                  variant="text"
                  onClick={() => setStriking(i)}
                  aria-label={`Strike the ${interactionTypeLabel(i.type).toLowerCase()} of ${formatDateTime(i.created)}`}
                >
                  Strike
                </Button>
              </div>
            ),
        },
      ]
    : COLUMNS;
  const total = query.data?.totalElements;
  return (
    <Card aria-labelledby="opportunity-interactions">
      <div className={styles.headerRow}>
        <h2 id="opportunity-interactions" className={styles.heading}>
          Interactions
        </h2>
        {canWrite && <Button onClick={() => setLogging(true)}>Log Interaction</Button>}
      </div>
      {total !== undefined && (
        <p className={styles.meta} aria-live="polite">
          {countText(total)}
        </p>
      )}
      {query.isError && <QueryFailure thing="Interactions" />}
      <DataTable
        label="Interactions"
        rows={query.data?.content ?? []}
        rowKey={(i) => i.id}
        loading={query.isPending}
        empty="No interactions yet."
        columns={columns}
      />
      {total !== undefined && query.data && total > query.data.content.length && (
        <p className={styles.meta}>
          Showing the latest {query.data.content.length} of {total}.
        </p>
      )}
      {canWrite && (
        <>
          <LogInteractionDialog
            opportunityId={id}
            open={logging}
            onOpenChange={setLogging}
            onLogged={(i) => {
              setLogging(false);
              // Logging is undone by striking it, which the audit keeps.
              snackbar(`${interactionTypeLabel(i.type)} logged.`, {
                tone: 'success',
                action: {
                  label: 'Undo',
                  run: () =>
                    undoLog.mutate(
                      { id: i.id, reason: 'Undone right after logging' },
                      {
                        onSuccess: () => snackbar(`${interactionTypeLabel(i.type)} struck.`, { tone: 'success' }),
                        onError: () =>
                          snackbar('The interaction could not be struck. Try Strike on its row.', { tone: 'error' }),
                      },
                    ),
                },
              });
            }}
          />
          <StrikeDialog
            interaction={striking}
            onOpenChange={(open) => {
              if (!open) setStriking(null);
            }}
            onStruck={(i) => {
              setStriking(null);
              snackbar(`${interactionTypeLabel(i.type)} struck.`, { tone: 'success' });
            }}
          />
          <CorrectDispositionDialog
            interaction={correcting ? target : null}
            onOpenChange={(open) => {
              setCorrecting(open);
              if (!open) setTarget(null);
            }}
            onCorrected={(interaction, disposition) => {
              setCorrecting(false);
              setTarget(null);
              snackbar(
                `Disposition corrected to ${dispositionLabel(disposition)} (was ${dispositionLabel(interaction.disposition)}).`,
                { tone: 'success' },
              );
            }}
          />
        </>
      )}
    </Card>
  );
}
