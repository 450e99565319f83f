import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { deleteView, savedViewKeys, saveView, savedViewsQueryOptions } from '../api/saved-views.ts';
import { maxLengthOf } from '../contract/limits.ts';
import { NewSavedView, type SavedViewList } from '../contract/saved-views.ts';
import { Button } from './button.tsx';
import { SelectField } from './choice.tsx';
import { Dialog } from './dialog.tsx';
import { usePageDraft } from './page-draft.ts';
import { TextField } from './text-field.tsx';

/**
 * The signed-in person's saved views of one list: choose one to apply its filters and sort, save the
 * current ones under a name (the same name saves over), delete the one in force. Kept on the server.
 */
export function SavedViews({ list, current, onApply }: { list: SavedViewList; current: string; onApply: (query: string) => void }) {
  const client = useQueryClient();
  const views = useQuery(savedViewsQueryOptions(list));
  const [open, setOpen] = useState(false);
  // The name typed is a draft until saved or cancelled: Back, Escape or a reload keep it.
  const [draft, updateDraft, clearDraft] = usePageDraft(`save-view:${list}`, { name: '' });
  const name = draft.name;
  const setName = (text: string) => updateDraft({ name: text });
  const cancel = () => { clearDraft(); setError(undefined); setOpen(false); };
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const active = views.data?.find((view) => view.query === current);
  const refresh = () => client.invalidateQueries({ queryKey: savedViewKeys.list(list) });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) { setError('A name is required'); return; }
    setBusy(true);
    try {
      await saveView({ list, name: name.trim(), query: current });
      await refresh();
      setOpen(false);
      clearDraft();
      setError(undefined);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'An error occurred please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <SelectField label="Saved views" value={active ? String(active.id) : ''} onChange={(e) => {
        const view = views.data?.find((x) => String(x.id) === e.target.value);
        if (view) onApply(view.query);
      }}>
        <option value="">{views.data?.length ? 'Choose a view' : 'No saved views'}</option>
        {views.data?.map((view) => <option key={view.id} value={view.id}>{view.name}</option>)}
      </SelectField>
      <Button variant="secondary" onClick={() => { if (!name) setName(active?.name ?? ''); setOpen(true); }}>Save View</Button>
      {active && (
        <Button variant="text" onClick={() => { void deleteView(active.id).then(refresh); }}>Delete View</Button>
      )}
      <Dialog open={open} onOpenChange={setOpen} title="Save View"
        description="Saves these filters and this sort under a name, for you on every device.">
        <form onSubmit={(e) => { void submit(e); }} noValidate>
          <TextField label="View name" value={name} maxLength={maxLengthOf(NewSavedView.entries.name)} error={error} onChange={(e) => setName(e.target.value)} autoFocus />
          <Button type="submit" disabled={busy}>Save</Button>
          <Button variant="text" onClick={cancel}>Cancel</Button>
        </form>
      </Dialog>
    </>
  );
}
