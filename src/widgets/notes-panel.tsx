import { useState, type FormEvent } from 'react';
import type * as v from 'valibot';

import { maxLengthOf } from '../contract/limits.ts';
import { NoteText } from '../contract/note-text.ts';
import { Button } from '../ui/button.tsx';
import { TextArea } from '../ui/choice.tsx';
import * as styles from '../ui/staff.css.ts';
import { ruleError, useForm } from './form.ts';
import { usePageDraft } from './page-draft.ts';

export interface NoteItem {
  id: number;
  body: string;
  author: string | null;
  created: string;
}

export interface NotesPanelProps {
  notes: readonly NoteItem[];
  /** Adds a note; rejects with the API's error, which shows in words (at the Note field when it is the note's). Absent: the list is read-only. */
  onAdd?: ((body: string) => Promise<void>) | undefined;
  formatTime: (iso: string) => string;
  empty?: string;
  label?: string;
  /** The contract rule the server checks the note with: NoteText unless the endpoint has its own. */
  rule?: v.GenericSchema;
}

/** Where the endpoints carry the note's text: { body } or { text }; either is the Note field's. */
const NOTE_KEYS = ['body', 'text'] as const;

/** Notes, newest first, with an optional add-note form whose text is a draft of its page until added. */
export function NotesPanel({
  notes,
  onAdd,
  formatTime,
  empty = 'No notes yet.',
  label = 'Notes',
  rule = NoteText,
}: NotesPanelProps) {
  const [draft, updateDraft, clearDraft] = usePageDraft(`notes:${label}`, { body: '' });
  const body = draft.body;
  const { form, errors, clear, formError, check, refused } = useForm(NOTE_KEYS);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!onAdd) return;
    const error = ruleError(rule, body);
    if (!check(error ? { body: error } : {})) return;
    setBusy(true);
    try {
      await onAdd(body.trim());
      clearDraft();
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-label={label}>
      {onAdd && (
        <form
          ref={form}
          onSubmit={(e) => {
            void submit(e);
          }}
          noValidate
        >
          {formError && (
            <p role="alert" className={styles.formError}>
              {formError}
            </p>
          )}
          <TextArea
            label="Note"
            name="body"
            value={body}
            error={errors.body ?? errors.text}
            maxLength={maxLengthOf(rule)}
            onChange={(e) => {
              clear('body');
              clear('text');
              updateDraft({ body: e.target.value });
            }}
          />
          <Button type="submit" disabled={busy}>
            Add Note
          </Button>
        </form>
      )}
      {notes.length === 0 ? (
        <p className={styles.meta}>{empty}</p>
      ) : (
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
