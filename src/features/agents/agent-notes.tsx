import { useQuery, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../api/staff.ts';
import { addAgentNote, agentNotesQueryOptions, staffAgentKeys } from '../../api/staff-agents.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Spinner } from '../../ui/layout.tsx';
import { NotesPanel } from '../../ui/notes-panel.tsx';

/** Staff notes on the agent, newest first, with an add-note form. */
export function AgentNotes({ id }: { id: number }) {
  const client = useQueryClient();
  const notes = useQuery(agentNotesQueryOptions(id));
  if (!notes.data) return notes.isError ? <p role="alert">Notes could not be loaded.</p> : <Spinner />;
  const add = async (body: string) => {
    try {
      await addAgentNote(id, body);
    } catch (err) {
      throw new Error(serverMessage(err));
    }
    await client.invalidateQueries({ queryKey: staffAgentKeys.notes(id) });
  };
  return (
    <NotesPanel label="Agent notes" formatTime={formatDateTime} onAdd={add}
      notes={notes.data.content.map((n) => ({ id: n.id, body: n.body, author: n.author.name, created: n.created }))} />
  );
}
