import type { DncContact } from '../../contract/interviews.ts';
import { dncChannelLabel } from '../../contract/labels.ts';
import { dncOwnerLabel, formatDateTime } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';

/** The row action's words (spec 1 section 2): Block Number, or Unblock Number for a blocked contact. */
export const blockActionLabel = (c: Pick<DncContact, 'blocked'>) => (c.blocked ? 'Unblock Number' : 'Block Number');

const TYPE_LABELS: Record<DncContact['type'], string> = { PHONE: 'Phone', EMAIL: 'Email' };

/** How a contact is written in the table and the dialogs: a phone as the project writes phones. */
export const dncValueText = (c: Pick<DncContact, 'type' | 'value'>) =>
  c.type === 'PHONE' ? formatPhone(c.value) : c.value;

interface DncTableProps {
  rows: readonly DncContact[];
  loading: boolean;
  onToggle: (c: DncContact) => void;
  onRemove: (c: DncContact) => void;
}

/** The do-not-call table with the spec's eight columns; Actions also offers Remove. */
export function DncTable({ rows, loading, onToggle, onRemove }: DncTableProps) {
  const columns: Column<DncContact>[] = [
    { key: 'type', header: 'Type', cell: (c) => TYPE_LABELS[c.type] },
    { key: 'value', header: 'Phone/Email', cell: dncValueText },
    { key: 'owner', header: 'Owner', cell: (c) => dncOwnerLabel(c.ownerType) },
    { key: 'channel', header: 'Channel', cell: (c) => dncChannelLabel(c.channel) },
    { key: 'disposition', header: 'Disposition', cell: (c) => c.disposition ?? '-' },
    { key: 'blocked', header: 'Inbound Blocked', cell: (c) => (c.blocked ? 'Yes' : 'No') },
    { key: 'created', header: 'Date Received', cell: (c) => formatDateTime(c.created) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (c) => (
        <>
          <Button variant="text" onClick={() => onToggle(c)}>
            {blockActionLabel(c)}
          </Button>
          <Button variant="text" aria-label={`Remove ${dncValueText(c)}`} onClick={() => onRemove(c)}>
            Remove
          </Button>
        </>
      ),
    },
  ];
  // Eight columns with an address each row: at 1024 px they fit only by breaking words inside.
  return (
    <DataTable
      label="DNC List"
      columns={columns}
      rows={rows}
      rowKey={(c) => c.id}
      loading={loading}
      empty="No DNC contacts found."
      breakWithin
    />
  );
}
