import { useQuery } from '@tanstack/react-query';
import { interactionsQueryOptions } from '../../api/opportunities.ts';
import { formatDateTime, prettify } from '../../lib/format.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Card } from '../../ui/layout.tsx';
import * as styles from '../../ui/staff.css.ts';

const duration = (s: number | null) => (s === null ? '-' : s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${s % 60}s`);

/** Calls, texts and emails with the client, newest first. */
export function OpportunityInteractions({ id }: { id: number }) {
  const query = useQuery(interactionsQueryOptions(id));
  return (
    <Card aria-labelledby="opportunity-interactions">
      <h2 id="opportunity-interactions" className={styles.subheading}>Interactions</h2>
      {query.isError && <p role="alert">Interactions could not be loaded.</p>}
      <DataTable label="Interactions" rows={query.data?.content ?? []} rowKey={(i) => i.id} loading={query.isPending}
        empty="No interactions yet." columns={[
          { key: 'when', header: 'When', cell: (i) => formatDateTime(i.created) },
          { key: 'type', header: 'Type', cell: (i) => prettify(i.type) },
          { key: 'direction', header: 'Direction', cell: (i) => prettify(i.direction) },
          { key: 'disposition', header: 'Disposition', cell: (i) => (i.disposition ? `${prettify(i.disposition.category)}: ${i.disposition.name}` : '-') },
          { key: 'duration', header: 'Duration', cell: (i) => duration(i.durationSeconds) },
          { key: 'summary', header: 'Summary', cell: (i) => i.summary ?? '-' },
        ]} />
    </Card>
  );
}
