import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { formatDateTime } from '../lib/format.ts';
import { NotesPanel } from './notes-panel.tsx';
import { Skeleton } from '../ui/skeleton.tsx';

/** A note as every notes endpoint answers it (brokerage, agent, opportunity ...). */
export interface RecordNote { id: number; body: string; author: { name: string | null }; created: string }

export interface RecordNotesProps<D extends { content: readonly RecordNote[] }, K extends QueryKey> {
  /** The region's accessible name: "Agent notes", "Broker notes" ... */
  label: string;
  /** The API module's notes query (one page, newest first); its key is refetched after an add. */
  query: UseQueryOptions<D, Error, D, K>;
  /** The API module's add-note call; absent, the notes are read-only. */
  add?: ((body: string) => Promise<unknown>) | undefined;
}

/**
 * The notes of one record (the one notes component; the server side is the notes route factory):
 * loading and error states, the list newest first, and the add-note form whose
 * refusals show in words (the note's beside the Note field).
 */
export function RecordNotes<D extends { content: readonly RecordNote[] }, K extends QueryKey>({ label, query, add }: RecordNotesProps<D, K>) {
  const client = useQueryClient();
  const notes = useQuery(query);
  if (!notes.data) return notes.isError ? <p role="alert">Notes could not be loaded.</p> : <Skeleton label="Loading" shape="list" />;
  const onAdd = add && (async (body: string) => {
    await add(body);
    await client.invalidateQueries({ queryKey: query.queryKey });
  });
  return (
    <NotesPanel label={label} formatTime={formatDateTime} onAdd={onAdd}
      notes={notes.data.content.map((n) => ({ id: n.id, body: n.body, author: n.author.name, created: n.created }))} />
  );
}
