import { useState, type FormEvent } from 'react';

import { maxLengthOf } from '../../contract/limits.ts';
import { NewNote } from '../../contract/referrals.ts';
import { Button } from '../../ui/button.tsx';
import { TextArea } from '../../ui/choice.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { ruleError, useForm } from '../../widgets/form.ts';
import { usePageDraft } from '../../widgets/page-draft.ts';
import * as styles from './agent-app.css.ts';

const TEXT = NewNote.entries.text;

/**
 * Add Note: checked with the server's own rule (NewNote: not empty, at most 2000 characters), its
 * message beside the field, focused, gone as the text changes. The text is a draft of the referral's
 * page until saved or cancelled: Back keeps it. Saving hands the note to the write queue (offline too)
 * and the dialog closes only once the note is in IndexedDB (onSave resolves): a browser killed
 * before that still has the draft, never a dialog that said Saved over a note it did not keep.
 */
export function NoteDialog({
  open,
  onOpenChange,
  onSave,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSave: (text: string) => Promise<boolean>;
}) {
  const [draft, update, clear] = usePageDraft('note', { text: '' });
  const text = draft.text;
  const { form, errors, check, clear: clearError } = useForm(['text']);
  const [saving, setSaving] = useState(false);

  function close(o: boolean) {
    if (!o) check({});
    onOpenChange(o);
  }
  function cancel() {
    clear();
    close(false);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    if (!check({ text: ruleError(TEXT, text) })) return;
    setSaving(true);
    try {
      await onSave(text.trim());
      cancel();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={close} title="Add Note">
      <form
        ref={form}
        onSubmit={(e) => {
          void submit(e);
        }}
        noValidate
        aria-busy={saving}
      >
        <TextArea
          label="Note"
          name="text"
          value={text}
          error={errors.text}
          maxLength={maxLengthOf(TEXT)}
          rows={4}
          onChange={(e) => {
            clearError('text');
            update({ text: e.target.value });
          }}
        />
        <div className={styles.formActions}>
          <Button variant="text" onClick={cancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save note'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
