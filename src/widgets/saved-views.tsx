import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { deleteViewWrite, savedViewsQueryOptions, saveViewWrite } from '../api/saved-views.ts';
import { useWrite } from '../api/write.ts';
import { maxLengthOf } from '../contract/limits.ts';
import { NewSavedView, type SavedViewList } from '../contract/saved-views.ts';
import { Button } from '../ui/button.tsx';
import { SelectField } from '../ui/choice.tsx';
import { Dialog } from '../ui/dialog.tsx';
import * as styles from '../ui/staff.css.ts';
import { TextField } from '../ui/text-field.tsx';
import { ruleError, useForm } from './form.ts';
import { usePageDraft } from './page-draft.ts';

const NAME = NewSavedView.entries.name;
/** The one field of Save View; the rest of the body (the list and its query) is the screen's. */
const FIELD_KEYS = ['name'] as const;
/** The list's filters and sort, too long to keep (the contract's query rule): said in words, above the form. */
const QUERY_TOO_LONG = 'These filters and this sort are too long to save as a view. Clear some filters and try again.';

/**
 * The signed-in person's saved views of one list: choose one to apply its filters and sort, save the
 * current ones under a name (the same name saves over), delete the one in force. Kept on the server.
 */
export function SavedViews({
  list,
  current,
  onApply,
}: {
  list: SavedViewList;
  current: string;
  onApply: (query: string) => void;
}) {
  const save = useWrite(saveViewWrite(list));
  const remove = useWrite(deleteViewWrite(list));
  const views = useQuery(savedViewsQueryOptions(list));
  const [open, setOpen] = useState(false);
  // The name typed is a draft until saved or cancelled: Back, Escape or a reload keep it.
  const [draft, updateDraft, clearDraft] = usePageDraft(`save-view:${list}`, { name: '' });
  const name = draft.name;
  const setName = (text: string) => updateDraft({ name: text });
  const { form, errors, clear, formError, check, refused } = useForm(FIELD_KEYS);
  const [tooLong, setTooLong] = useState(false);
  const cancel = () => {
    clearDraft();
    check({});
    setTooLong(false);
    setOpen(false);
  };
  const [busy, setBusy] = useState(false);
  const active = views.data?.find((view) => view.query === current);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const error = ruleError(NAME, name);
    const queryRefused = ruleError(NewSavedView.entries.query, current) !== undefined;
    setTooLong(queryRefused);
    if (!check(error ? { name: error } : {}) || queryRefused) return;
    setBusy(true);
    try {
      await save.mutateAsync({ list, name: name.trim(), query: current });
      setOpen(false);
      clearDraft();
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <SelectField
        label="Saved views"
        value={active ? String(active.id) : ''}
        onChange={(e) => {
          const view = views.data?.find((x) => String(x.id) === e.target.value);
          if (view) onApply(view.query);
        }}
      >
        <option value="">{views.data?.length ? 'Choose a view' : 'No saved views'}</option>
        {views.data?.map((view) => (
          <option key={view.id} value={view.id}>
            {view.name}
          </option>
        ))}
      </SelectField>
      <Button
        variant="secondary"
        onClick={() => {
          if (!name) setName(active?.name ?? '');
          setOpen(true);
        }}
      >
        Save View
      </Button>
      {active && (
        <Button variant="text" onClick={() => remove.mutate(active.id)}>
          Delete View
        </Button>
      )}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Save View"
        description="Saves these filters and this sort under a name, for you on every device."
      >
        <form
          ref={form}
          onSubmit={(e) => {
            void submit(e);
          }}
          noValidate
        >
          {(tooLong || formError) && (
            <p role="alert" className={styles.formError}>
              {tooLong ? QUERY_TOO_LONG : formError}
            </p>
          )}
          <TextField
            label="View name"
            name="name"
            value={name}
            maxLength={maxLengthOf(NAME)}
            error={errors.name}
            onChange={(e) => {
              clear('name');
              setName(e.target.value);
            }}
            autoFocus
          />
          <Button type="submit" disabled={busy}>
            Save
          </Button>
          <Button variant="text" onClick={cancel}>
            Cancel
          </Button>
        </form>
      </Dialog>
    </>
  );
}
