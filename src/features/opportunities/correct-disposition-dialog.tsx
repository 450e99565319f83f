import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { dispositionsQueryOptions } from '../../api/qa-review.ts';
import { dispositionLabel, interactionTypeLabel, type Disposition, type Interaction } from '../../contract/interviews.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { sheetBody } from '../../ui/referral-actions.css.ts';
import * as styles from '../../ui/staff.css.ts';

/** Correct Disposition: the interaction's disposition, chosen again from the list; the old one is named so a slip can be put back. */
export function CorrectDispositionDialog({ interaction, onOpenChange, onSave, busy }: {
  interaction: Interaction | null; onOpenChange: (open: boolean) => void; onSave: (i: Interaction, d: Disposition | null) => void; busy: boolean;
}) {
  const what = interaction ? `${interactionTypeLabel(interaction.type)} of ${formatDateTime(interaction.created)}` : '';
  return (
    <Dialog open={interaction !== null} onOpenChange={onOpenChange} title="Correct Disposition"
      description={interaction ? `${what}. Recorded as ${dispositionLabel(interaction.disposition)}.` : undefined}>
      {interaction && <CorrectDispositionForm interaction={interaction} busy={busy} onCancel={() => onOpenChange(false)} onSave={onSave} />}
    </Dialog>
  );
}

function CorrectDispositionForm({ interaction, busy, onCancel, onSave }: {
  interaction: Interaction; busy: boolean; onCancel: () => void; onSave: (i: Interaction, d: Disposition | null) => void;
}) {
  const dispositions = useQuery(dispositionsQueryOptions());
  const [chosen, setChosen] = useState(interaction.disposition ? String(interaction.disposition.id) : '');
  const unchanged = chosen === (interaction.disposition ? String(interaction.disposition.id) : '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (unchanged) return;
    onSave(interaction, (dispositions.data?.content ?? []).find((d) => String(d.id) === chosen) ?? null);
  };
  return (
    <form onSubmit={submit} noValidate className={sheetBody}>
      <SelectField label="Disposition" value={chosen} onChange={(e) => setChosen(e.target.value)}>
        <option value="">No disposition</option>
        {(dispositions.data?.content ?? []).map((d) => <option key={d.id} value={String(d.id)}>{dispositionLabel(d)}</option>)}
      </SelectField>
      {dispositions.isError && <p role="alert">Dispositions could not be loaded.</p>}
      <div className={styles.toolbar}>
        <span className={styles.toolbarSpacer} />
        <Button variant="text" onClick={onCancel}>Cancel</Button>
        <Button type="submit" disabled={unchanged || busy || !dispositions.data}>Save Disposition</Button>
      </div>
    </form>
  );
}
