import { useQuery, useQueryClient } from '@tanstack/react-query';
import { addBrokerNote, brokerageKeys, brokerNotesQueryOptions } from '../../api/brokerages.ts';
import { serverMessage } from '../../api/staff.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Spinner } from '../../ui/layout.tsx';
import { NotesPanel } from '../../ui/notes-panel.tsx';

/** Broker notes: the staff's internal notes on the brokerage, newest first, with an add-note form. */
export function BrokerageNotes({ id }: { id: number }) {
  const client = useQueryClient();
  const notes = useQuery(brokerNotesQueryOptions(id));
  if (!notes.data) return notes.isError ? <p role="alert">Notes could not be loaded.</p> : <Spinner />;
  const add = async (body: string) => {
    try {
      await addBrokerNote(id, body);
    } catch (err) {
      throw new Error(serverMessage(err));
    }
    await client.invalidateQueries({ queryKey: brokerageKeys.notes(id) });
  };
  return (
    <NotesPanel label="Broker notes" formatTime={formatDateTime} onAdd={add}
      notes={notes.data.content.map((n) => ({ id: n.id, body: n.body, author: n.author.name, created: n.created }))} />
  );
}
