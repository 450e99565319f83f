import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

import { useWrite, write, type Write } from '../api/write.ts';
import { formatDateTime } from '../lib/format.ts';
import { QueryFailure } from '../ui/query-failure.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { NotesPanel } from './notes-panel.tsx';

/** A note as every notes endpoint answers it (brokerage, agent, opportunity ...). */
export interface RecordNote {
  id: number;
  body: string;
  author: { name: string | null };
  created: string;
}

export interface RecordNotesProps<D extends { content: readonly RecordNote[] }, K extends QueryKey, A> {
  /** The region's accessible name: "Agent notes", "Broker notes" ... */
  label: string;
  /** The API module's notes query (one page, newest first). */
  query: UseQueryOptions<D, Error, D, K>;
  /** The API module's add-note write (which reads the notes again); absent, the notes are read-only. */
  add?: Write<A, string, unknown> | undefined;
}

/** Read-only notes have no add form: this write is never run. */
const readOnly = <A,>(): Write<A, string, unknown> =>
  write(
    (_body: string): Promise<A> => Promise.reject(new Error('These notes are read-only.')),
    () => ({}),
  );

/**
 * The notes of one record (the one notes component; the server side is the notes route factory):
 * loading and error states, the list newest first, and the add-note form whose
 * refusals show in words (the note's beside the Note field).
 */
export function RecordNotes<D extends { content: readonly RecordNote[] }, K extends QueryKey, A>({
  label,
  query,
  add,
}: RecordNotesProps<D, K, A>) {
  const notes = useQuery(query);
  const adding = useWrite(add ?? readOnly<A>());
  if (!notes.data)
    return notes.isError ? (
      <QueryFailure thing="Notes" retry={notes.refetch} />
    ) : (
      <Skeleton label="Loading" shape="list" />
    );
  const onAdd =
    add &&
    (async (body: string) => {
      await adding.mutateAsync(body);
    });
  return (
    <NotesPanel
      label={label}
      formatTime={formatDateTime}
      onAdd={onAdd}
      notes={notes.data.content.map((n) => ({ id: n.id, body: n.body, author: n.author.name, created: n.created }))}
    />
  );
}
