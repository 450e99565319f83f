import { useState, type FormEvent } from 'react';
import { Button } from './button.tsx';
import { usePageDraft } from './page-draft.ts';
import { TextArea } from './choice.tsx';
import * as styles from './staff.css.ts';

export interface NoteItem { id: number; body: string; author: string | null; created: string }

export interface NotesPanelProps {
  notes: readonly NoteItem[];
  /** Adds a note; rejects with a message to show. Absent: the list is read-only. */
  onAdd?: ((body: string) => Promise<void>) | undefined;
  formatTime: (iso: string) => string;
  empty?: string;
  label?: string;
}

const MAX_NOTE = 4000;

/** Notes, newest first, with an optional add-note form whose text is a draft of its page until added. */
export function NotesPanel({ notes, onAdd, formatTime, empty = 'No notes yet.', label = 'Notes' }: NotesPanelProps) {
  const [draft, updateDraft, clearDraft] = usePageDraft(`notes:${label}`, { body: '' });
  const body = draft.body;
  const setBody = (text: string) => updateDraft({ body: text });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!onAdd) return;
    const text = body.trim();
    if (!text) { setError('A note is required'); return; }
    if (text.length > MAX_NOTE) { setError(`A note must be at most ${MAX_NOTE} characters`); return; }
    setBusy(true);
    setError(undefined);
    try {
      await onAdd(text);
      clearDraft();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'An error occurred please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-label={label}>
      {onAdd && (
        <form onSubmit={(e) => { void submit(e); }} noValidate>
          <TextArea label="Note" value={body} error={error} onChange={(e) => setBody(e.target.value)} />
          <Button type="submit" disabled={busy}>Add Note</Button>
        </form>
      )}
      {notes.length === 0 ? <p className={styles.meta}>{empty}</p> : (
        <ul className={styles.list}>
          {notes.map((n) => (
            <li key={n.id} className={styles.listItem}>
              <p>{n.body}</p>
              <span className={styles.meta}>{[n.author, formatTime(n.created)].filter(Boolean).join(' · ')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
