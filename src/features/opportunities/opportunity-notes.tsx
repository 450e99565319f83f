import { useQuery, useQueryClient } from '@tanstack/react-query';
import { addOpportunityNote, opportunityKeys, opportunityNotesQueryOptions } from '../../api/opportunities.ts';
import { serverMessage } from '../../api/staff.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Card, Spinner } from '../../ui/layout.tsx';
import { NotesPanel } from '../../ui/notes-panel.tsx';
import * as styles from '../../ui/staff.css.ts';

/** The opportunity's notes, newest first; staff who may write add one. */
export function OpportunityNotes({ id, readOnly }: { id: number; readOnly: boolean }) {
  const client = useQueryClient();
  const notes = useQuery(opportunityNotesQueryOptions(id));
  const add = async (body: string) => {
    try {
      await addOpportunityNote(id, body);
    } catch (err) {
      throw new Error(serverMessage(err));
    }
    await client.invalidateQueries({ queryKey: opportunityKeys.notes(id) });
  };
  return (
    <Card aria-labelledby="opportunity-notes">
      <h2 id="opportunity-notes" className={styles.subheading}>Notes</h2>
      {!notes.data ? (notes.isError ? <p role="alert">Notes could not be loaded.</p> : <Spinner />) : (
        <NotesPanel label="Opportunity notes" formatTime={formatDateTime} onAdd={readOnly ? undefined : add}
          notes={notes.data.content.map((n) => ({ id: n.id, body: n.body, author: n.author.name, created: n.created }))} />
      )}
    </Card>
  );
}
