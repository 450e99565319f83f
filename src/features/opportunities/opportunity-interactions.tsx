import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { interactionsQueryOptions } from '../../api/opportunities.ts';
import { dispositionLabel, interactionTypeLabel, type Interaction } from '../../contract/interviews.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Card } from '../../ui/layout.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { CorrectDispositionDialog } from './correct-disposition-dialog.tsx';
import { LogInteractionDialog } from './log-interaction-dialog.tsx';
import { enumLabel } from '../../contract/labels.ts';

const duration = (s: number | null) => (s === null ? '-' : s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${s % 60}s`);
const countText = (n: number) => `${n} ${n === 1 ? 'interaction' : 'interactions'}`;

const COLUMNS: Column<Interaction>[] = [
  { key: 'when', header: 'When', cell: (i) => formatDateTime(i.created) },
  { key: 'type', header: 'Type', cell: (i) => interactionTypeLabel(i.type) },
  { key: 'direction', header: 'Direction', cell: (i) => enumLabel('interactionDirection', i.direction) },
  { key: 'disposition', header: 'Disposition', cell: (i) => dispositionLabel(i.disposition) },
  { key: 'duration', header: 'Duration', cell: (i) => duration(i.durationSeconds) },
  { key: 'summary', header: 'Summary', cell: (i) => i.summary ?? '-' },
];

/** Calls, texts and emails with the client, newest first; staff who may write log one and correct a disposition. */
export function OpportunityInteractions({ id, canWrite }: { id: number; canWrite: boolean }) {
  const query = useQuery(interactionsQueryOptions(id));
  const snackbar = useSnackbar();
  const [logging, setLogging] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const [target, setTarget] = useState<Interaction | null>(null);
  const openCorrection = (i: Interaction) => { setTarget(i); setCorrecting(true); };
  const columns: Column<Interaction>[] = canWrite ? [...COLUMNS, {
    key: 'actions', header: 'Actions',
    cell: (i) => <Button variant="secondary" onClick={() => openCorrection(i)}
      aria-label={`Correct disposition of the ${interactionTypeLabel(i.type).toLowerCase()} of ${formatDateTime(i.created)}`}>Correct Disposition</Button>,
  }] : COLUMNS;
  const total = query.data?.totalElements;
  return (
    <Card aria-labelledby="opportunity-interactions">
      <div className={styles.headerRow}>
        <h2 id="opportunity-interactions" className={styles.heading}>Interactions</h2>
        {canWrite && <Button onClick={() => setLogging(true)}>Log Interaction</Button>}
      </div>
      {total !== undefined && <p className={styles.meta} aria-live="polite">{countText(total)}</p>}
      {query.isError && <p role="alert">Interactions could not be loaded.</p>}
      <DataTable label="Interactions" rows={query.data?.content ?? []} rowKey={(i) => i.id} loading={query.isPending}
        empty="No interactions yet." columns={columns} />
      {total !== undefined && query.data && total > query.data.content.length && (
        <p className={styles.meta}>Showing the latest {query.data.content.length} of {total}.</p>
      )}
      {canWrite && (
        <>
          <LogInteractionDialog opportunityId={id} open={logging} onOpenChange={setLogging}
            onLogged={(i) => { setLogging(false); snackbar(`${interactionTypeLabel(i.type)} logged.`, { tone: 'success' }); }} />
          <CorrectDispositionDialog interaction={correcting ? target : null}
            onOpenChange={(open) => { setCorrecting(open); if (!open) setTarget(null); }}
            onCorrected={(interaction, disposition) => {
              setCorrecting(false); setTarget(null);
              snackbar(`Disposition corrected to ${dispositionLabel(disposition)} (was ${dispositionLabel(interaction.disposition)}).`, { tone: 'success' });
            }} />
        </>
      )}
    </Card>
  );
}
