import { useState, type FormEvent } from 'react';
import * as v from 'valibot';

import { StageChange } from '../../contract/referrals.ts';
import {
  allowedMoves,
  moveRefusal,
  needsDateOfSale,
  needsRemovalReason,
  REMOVAL_REASONS,
  STAGE_LABELS,
  type ReferralStage,
  type ReferralType,
} from '../../lib/referral-stages.ts';
import { Button } from '../../ui/button.tsx';
import { RadioGroup, SelectField } from '../../ui/choice.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { schemaErrors, useForm } from '../../widgets/form.ts';
import { usePageDraft } from '../../widgets/page-draft.ts';
import * as styles from './agent-app.css.ts';

const FIELD_KEYS = ['stage', 'removalReason', 'dateOfSale'] as const;
type Field = (typeof FIELD_KEYS)[number];

/**
 * Update Stage: only the moves the rule allows from the stage the referral is at (including a
 * change still waiting to sync). The checks are the server's: moveRefusal and the StageChange schema,
 * each message beside its field, focus on the first, gone as that field changes.
 * The choice is a draft of the referral's page until saved or cancelled: Back (the phone's way to
 * close the sheet) keeps it.
 */
export function StageDialog({
  open,
  onOpenChange,
  type,
  stage,
  onSave,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  type: ReferralType;
  stage: ReferralStage;
  onSave: (change: StageChange) => Promise<boolean>;
}) {
  const [draft, update, clear] = usePageDraft('stage', { to: '', reason: '', date: '' });
  const { form, errors, check, clear: clearError } = useForm(FIELD_KEYS);
  // The sheet closes once the move is in IndexedDB (onSave resolves), not before (decision 0079).
  const [saving, setSaving] = useState(false);
  const moves = allowedMoves(type, stage);
  // A draft made at another stage (the move was saved, or synced from elsewhere) may no longer apply.
  const to = moves.find((s) => s === draft.to) ?? null;
  const { reason, date } = draft;

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
    if (!to) {
      check({ stage: 'Choose a stage' });
      return;
    }
    const refusal = moveRefusal(type, stage, to);
    if (refusal) {
      check({ stage: refusal });
      return;
    }
    const body = {
      stage: to,
      ...(needsRemovalReason(to) && reason ? { removalReason: reason } : {}),
      ...(needsDateOfSale(to) && date ? { dateOfSale: date } : {}),
    };
    const parsed = v.safeParse(StageChange, body);
    if (!parsed.success) {
      check(schemaErrors<Field>(StageChange, body));
      return;
    }
    setSaving(true);
    try {
      await onSave(parsed.output);
      cancel();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={close} title="Update Stage" description={`Now: ${STAGE_LABELS[stage]}`}>
      <form
        ref={form}
        onSubmit={(e) => {
          void submit(e);
        }}
        noValidate
        aria-busy={saving}
      >
        {/* Another stage shows other fields: their messages go with the stage's. */}
        <RadioGroup
          legend="New stage"
          name="stage"
          value={to}
          error={errors.stage}
          options={moves.map((s) => ({ value: s, label: STAGE_LABELS[s] }))}
          onChange={(s) => {
            update({ to: s });
            check({});
          }}
        />
        {to && needsDateOfSale(to) && (
          <TextField
            label="Expected closing date"
            type="date"
            name="dateOfSale"
            value={date}
            error={errors.dateOfSale}
            required
            onChange={(e) => {
              clearError('dateOfSale');
              update({ date: e.target.value });
            }}
          />
        )}
        {to && needsRemovalReason(to) && (
          <SelectField
            label="Removal reason"
            name="removalReason"
            value={reason}
            error={errors.removalReason}
            required
            onChange={(e) => {
              clearError('removalReason');
              update({ reason: e.target.value });
            }}
          >
            <option value="">Choose a reason</option>
            {REMOVAL_REASONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </SelectField>
        )}
        <div className={styles.formActions}>
          <Button variant="text" onClick={cancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save stage'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
