import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { dispositionsQueryOptions } from '../../api/qa-review.ts';
import {
  dispositionLabel,
  INTERACTION_DIRECTION_LABELS,
  INTERACTION_DIRECTIONS,
  INTERACTION_TYPE_LABELS,
  INTERACTION_TYPES,
  NewInteraction,
  type Interaction,
  type InteractionDirection,
  type InteractionType,
} from '../../contract/interviews.ts';
import { fieldMaxLengths } from '../../contract/limits.ts';
import { Button } from '../../ui/button.tsx';
import { RadioGroup, SelectField, TextArea } from '../../ui/choice.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { schemaErrors, useForm } from '../../widgets/form.ts';
import { sheetBody } from '../../widgets/referral-actions.css.ts';
import { useLogInteraction } from './use-interaction-writes.ts';

const TYPE_CHOICES = INTERACTION_TYPES.map((value) => ({ value, label: INTERACTION_TYPE_LABELS[value] }));
const DIRECTION_CHOICES = INTERACTION_DIRECTIONS.map((value) => ({
  value,
  label: INTERACTION_DIRECTION_LABELS[value],
}));
/** The server's limits (NewInteraction). */
const MAX = fieldMaxLengths(NewInteraction);
const FIELD_KEYS = ['type', 'direction', 'dispositionId', 'durationSeconds', 'occurredAt', 'summary'] as const;
type FieldKey = (typeof FIELD_KEYS)[number];

type Form = {
  type: InteractionType;
  direction: InteractionDirection;
  dispositionId: string;
  duration: string;
  occurredAt: string;
  summary: string;
};
const EMPTY: Form = {
  type: 'CALL',
  direction: 'OUTBOUND',
  dispositionId: '',
  duration: '',
  occurredAt: '',
  summary: '',
};
/** "4:30" (minutes and seconds) or "4" (minutes) as seconds; NaN when it is neither, null when empty. */
export function durationSeconds(text: string): number | null {
  const t = text.trim();
  if (!t) return null;
  const m = /^(\d{1,4})(?::([0-5]?\d))?$/.exec(t);
  return m ? Number(m[1]) * 60 + Number(m[2] ?? 0) : Number.NaN;
}
const bodyOf = (opportunityId: number, f: Form): NewInteraction => {
  const seconds = durationSeconds(f.duration);
  const at = f.occurredAt ? new Date(f.occurredAt) : null;
  return {
    opportunityId,
    type: f.type,
    direction: f.direction,
    dispositionId: f.dispositionId ? Number(f.dispositionId) : null,
    durationSeconds: f.type === 'CALL' ? seconds : null,
    occurredAt: at && !Number.isNaN(at.getTime()) ? at.toISOString() : null,
    summary: f.summary.trim() || null,
  };
};
/** The latest time the When field offers: now, in the reader's zone, as datetime-local wants it. */
const nowLocal = () => {
  const d = new Date();
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
};

/** Log Interaction: a call, text or email with the client, its direction, disposition and a note. */
export function LogInteractionDialog({
  opportunityId,
  open,
  onOpenChange,
  onLogged,
}: {
  opportunityId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLogged: (i: Interaction) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Log Interaction"
      description="Record a call, text or email with the client. A call needs what came of it and how long it lasted, or when it was made. A wrong entry can be corrected or struck, never deleted."
    >
      {open && (
        <LogInteractionForm opportunityId={opportunityId} onCancel={() => onOpenChange(false)} onLogged={onLogged} />
      )}
    </Dialog>
  );
}

function LogInteractionForm({
  opportunityId,
  onCancel,
  onLogged,
}: {
  opportunityId: number;
  onCancel: () => void;
  onLogged: (i: Interaction) => void;
}) {
  const dispositions = useQuery(dispositionsQueryOptions());
  const log = useLogInteraction(opportunityId);
  const [form, setForm] = useState<Form>(EMPTY);
  const { form: ref, errors, clear, formError, check, refused } = useForm(FIELD_KEYS);
  const set = (key: FieldKey, patch: Partial<Form>) => {
    clear(key);
    setForm((f) => ({ ...f, ...patch }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = bodyOf(opportunityId, form);
    const found = schemaErrors<FieldKey>(NewInteraction, body);
    if (Number.isNaN(body.durationSeconds))
      found.durationSeconds = 'Enter minutes, or minutes and seconds such as 4:30';
    if (form.occurredAt && form.occurredAt > nowLocal()) found.occurredAt = 'It cannot be in the future';
    if (!check(found)) return;
    log.mutate(body, {
      onSuccess: onLogged,
      // A disposition withdrawn since the list loaded is refused beside it; what belongs to no field goes above the form.
      onError: (err) => {
        if (refused(err).dispositionId) {
          setForm((f) => ({ ...f, dispositionId: '' }));
          void dispositions.refetch();
        }
      },
    });
  };
  return (
    <form ref={ref} onSubmit={submit} noValidate className={sheetBody}>
      {formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      <RadioGroup
        legend="Type"
        name="interaction-type"
        options={TYPE_CHOICES}
        value={form.type}
        onChange={(type) => set('type', { type })}
        error={errors.type}
      />
      <RadioGroup
        legend="Direction"
        name="interaction-direction"
        options={DIRECTION_CHOICES}
        value={form.direction}
        onChange={(direction) => set('direction', { direction })}
        error={errors.direction}
      />
      <SelectField
        label="Disposition"
        name="dispositionId"
        value={form.dispositionId}
        error={errors.dispositionId}
        onChange={(e) => set('dispositionId', { dispositionId: e.target.value })}
      >
        <option value="">
          {dispositions.isPending
            ? 'Loading dispositions'
            : form.type === 'CALL'
              ? 'Choose what came of the call'
              : 'No disposition'}
        </option>
        {(dispositions.data?.content ?? []).map((d) => (
          <option key={d.id} value={String(d.id)}>
            {dispositionLabel(d)}
          </option>
        ))}
      </SelectField>
      {dispositions.isError && <QueryFailure thing="Dispositions" />}
      {form.type === 'CALL' && (
        <TextField
          label="Duration (min:sec)"
          name="durationSeconds"
          inputMode="numeric"
          autoComplete="off"
          value={form.duration}
          error={errors.durationSeconds}
          hint="Such as 4:30; for a call made earlier whose length you do not know, give When instead"
          onChange={(e) => set('durationSeconds', { duration: e.target.value })}
        />
      )}
      <TextField
        label="When (if earlier)"
        name="occurredAt"
        type="datetime-local"
        max={nowLocal()}
        value={form.occurredAt}
        error={errors.occurredAt}
        hint="Leave empty for now"
        onChange={(e) => set('occurredAt', { occurredAt: e.target.value })}
      />
      <TextArea
        label="Note"
        name="summary"
        rows={3}
        maxLength={MAX.summary}
        value={form.summary}
        error={errors.summary}
        onChange={(e) => set('summary', { summary: e.target.value })}
      />
      <div className={styles.toolbar}>
        <span className={styles.toolbarSpacer} />
        <Button variant="text" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={log.isPending}>
          Log Interaction
        </Button>
      </div>
    </form>
  );
}
