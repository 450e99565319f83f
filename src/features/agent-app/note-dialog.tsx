import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { NewNote } from '../../contract/referrals.ts';
import { Button } from '../../ui/button.tsx';
import { TextArea } from '../../ui/choice.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { usePageDraft } from '../../ui/page-draft.ts';
import * as styles from './agent-app.css.ts';
import { maxLengthOf } from '../../contract/limits.ts';

/**
 * Add Note: checked with the server's own schema (not empty, at most 2000 characters). The text is a
 * draft of the referral's page until saved or cancelled: Back keeps it.
 */
export function NoteDialog({ open, onOpenChange, onSave }: { open: boolean; onOpenChange: (o: boolean) => void; onSave: (text: string) => void }) {
  const [draft, update, clear] = usePageDraft('note', { text: '' });
  const text = draft.text;
  const [error, setError] = useState<string | undefined>();

  function close(o: boolean) {
    if (!o) setError(undefined);
    onOpenChange(o);
  }
  function cancel() {
    clear();
    close(false);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = v.safeParse(NewNote, { text });
    if (!parsed.success) { setError(parsed.issues[0].message); return; }
    onSave(parsed.output.text);
    cancel();
  }

  return (
    <Dialog open={open} onOpenChange={close} title="Add Note">
      <form onSubmit={submit} noValidate>
        <TextArea label="Note" value={text} onChange={(e) => update({ text: e.target.value })} error={error} maxLength={maxLengthOf(NewNote.entries.text)} rows={4} />
        <div className={styles.formActions}>
          <Button variant="text" onClick={cancel}>Cancel</Button>
          <Button type="submit">Save note</Button>
        </div>
      </form>
    </Dialog>
  );
}
