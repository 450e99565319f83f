import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { dispositionsQueryOptions } from '../../api/qa-review.ts';
import { serverMessage } from '../../api/staff.ts';
import {
  dispositionLabel, INTERACTION_DIRECTION_LABELS, INTERACTION_DIRECTIONS, INTERACTION_TYPE_LABELS, INTERACTION_TYPES,
  NewInteraction, type Interaction, type InteractionDirection, type InteractionType,
} from '../../contract/interviews.ts';
import { Button } from '../../ui/button.tsx';
import { schemaErrors, type FieldErrors } from '../../ui/checked-form.ts';
import { RadioGroup, SelectField, TextArea } from '../../ui/choice.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { sheetBody } from '../../ui/referral-actions.css.ts';
import * as styles from '../../ui/staff.css.ts';
import { useLogInteraction } from './use-interaction-writes.ts';

const TYPE_CHOICES = INTERACTION_TYPES.map((value) => ({ value, label: INTERACTION_TYPE_LABELS[value] }));
const DIRECTION_CHOICES = INTERACTION_DIRECTIONS.map((value) => ({ value, label: INTERACTION_DIRECTION_LABELS[value] }));
const SUMMARY_MAX = 4000; // NewInteraction's limit

type Form = { type: InteractionType; direction: InteractionDirection; dispositionId: string; summary: string };
const EMPTY: Form = { type: 'CALL', direction: 'OUTBOUND', dispositionId: '', summary: '' };
const bodyOf = (opportunityId: number, f: Form): NewInteraction => ({
  opportunityId, type: f.type, direction: f.direction, dispositionId: f.dispositionId ? Number(f.dispositionId) : null, summary: f.summary.trim() || null,
});

/** Log Interaction: a call, text or email with the client, its direction, disposition and a note. */
export function LogInteractionDialog({ opportunityId, open, onOpenChange, onLogged }: {
  opportunityId: number; open: boolean; onOpenChange: (open: boolean) => void; onLogged: (i: Interaction) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Log Interaction"
      description="Record a call, text or email with the client. A logged interaction cannot be deleted; its disposition can be corrected.">
      {open && <LogInteractionForm opportunityId={opportunityId} onCancel={() => onOpenChange(false)} onLogged={onLogged} />}
    </Dialog>
  );
}

function LogInteractionForm({ opportunityId, onCancel, onLogged }: { opportunityId: number; onCancel: () => void; onLogged: (i: Interaction) => void }) {
  const dispositions = useQuery(dispositionsQueryOptions());
  const log = useLogInteraction(opportunityId);
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<NewInteraction>>({});
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = bodyOf(opportunityId, form);
    const found = schemaErrors<NewInteraction>(NewInteraction, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    log.mutate(body, {
      onSuccess: onLogged,
      onError: (err) => { if (err instanceof ApiError && err.fields) setErrors(err.fields); },
    });
  };
  return (
    <form onSubmit={submit} noValidate className={sheetBody}>
      {log.isError && <p role="alert" className={styles.formError}>{serverMessage(log.error)}</p>}
      <RadioGroup legend="Type" name="interaction-type" options={TYPE_CHOICES} value={form.type} onChange={(type) => set({ type })} error={errors.type} />
      <RadioGroup legend="Direction" name="interaction-direction" options={DIRECTION_CHOICES} value={form.direction}
        onChange={(direction) => set({ direction })} error={errors.direction} />
      <SelectField label="Disposition" value={form.dispositionId} onChange={(e) => set({ dispositionId: e.target.value })} error={errors.dispositionId}>
        <option value="">{dispositions.isPending ? 'Loading dispositions' : 'No disposition'}</option>
        {(dispositions.data?.content ?? []).map((d) => <option key={d.id} value={String(d.id)}>{dispositionLabel(d)}</option>)}
      </SelectField>
      {dispositions.isError && <p role="alert">Dispositions could not be loaded.</p>}
      <TextArea label="Note" rows={3} maxLength={SUMMARY_MAX} value={form.summary} onChange={(e) => set({ summary: e.target.value })} error={errors.summary} />
      <div className={styles.toolbar}>
        <span className={styles.toolbarSpacer} />
        <Button variant="text" onClick={onCancel}>Cancel</Button>
        <Button type="submit" disabled={log.isPending}>Log Interaction</Button>
      </div>
    </form>
  );
}
