import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { dispositionsQueryOptions } from '../../api/qa-review.ts';
import {
  dispositionLabel,
  interactionTypeLabel,
  type Disposition,
  type Interaction,
} from '../../contract/interviews.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useForm } from '../../widgets/form.ts';
import { sheetBody } from '../../widgets/referral-actions.css.ts';
import { useCorrectDisposition } from './use-interaction-writes.ts';

type Corrected = (i: Interaction, d: Disposition | null) => void;

/**
 * Correct Disposition: the interaction's disposition, chosen again from the list; the old one is named
 * so a slip can be put back. The row shows the new one at once; the dialog stays until the server
 * agrees, so a refusal is said beside the disposition (or above the form) and the row goes back.
 */
export function CorrectDispositionDialog({
  interaction,
  onOpenChange,
  onCorrected,
}: {
  interaction: Interaction | null;
  onOpenChange: (open: boolean) => void;
  onCorrected: Corrected;
}) {
  const what = interaction ? `${interactionTypeLabel(interaction.type)} of ${formatDateTime(interaction.created)}` : '';
  return (
    <Dialog
      open={interaction !== null}
      onOpenChange={onOpenChange}
      title="Correct Disposition"
      description={
        interaction
          ? `${what}. ${interaction.disposition ? `Recorded as ${dispositionLabel(interaction.disposition)}.` : 'Recorded with no disposition.'}`
          : undefined
      }
    >
      {interaction && (
        <CorrectDispositionForm
          interaction={interaction}
          onCancel={() => onOpenChange(false)}
          onCorrected={onCorrected}
        />
      )}
    </Dialog>
  );
}

function CorrectDispositionForm({
  interaction,
  onCancel,
  onCorrected,
}: {
  interaction: Interaction;
  onCancel: () => void;
  onCorrected: Corrected;
}) {
  const dispositions = useQuery(dispositionsQueryOptions());
  const correct = useCorrectDisposition(interaction.opportunityId);
  const [chosen, setChosen] = useState(interaction.disposition ? String(interaction.disposition.id) : '');
  const { form, errors, clear, formError, check, refused } = useForm(['dispositionId'] as const);
  const unchanged = chosen === (interaction.disposition ? String(interaction.disposition.id) : '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!check({}) || unchanged) return;
    const disposition = (dispositions.data?.content ?? []).find((d) => String(d.id) === chosen) ?? null;
    correct.mutate(
      { interaction, disposition },
      {
        onSuccess: () => onCorrected(interaction, disposition),
        onError: (err) => {
          // A disposition withdrawn since the list loaded: the list is read again without it.
          if (refused(err).dispositionId) {
            setChosen(interaction.disposition ? String(interaction.disposition.id) : '');
            void dispositions.refetch();
          }
        },
      },
    );
  };
  return (
    <form ref={form} onSubmit={submit} noValidate className={sheetBody}>
      {formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      <SelectField
        label="Disposition"
        name="dispositionId"
        value={chosen}
        error={errors.dispositionId}
        onChange={(e) => {
          clear('dispositionId');
          setChosen(e.target.value);
        }}
      >
        <option value="">No disposition</option>
        {(dispositions.data?.content ?? []).map((d) => (
          <option key={d.id} value={String(d.id)}>
            {dispositionLabel(d)}
          </option>
        ))}
      </SelectField>
      {dispositions.isError && <QueryFailure thing="Dispositions" />}
      <div className={styles.toolbar}>
        <span className={styles.toolbarSpacer} />
        <Button variant="text" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={unchanged || correct.isPending || !dispositions.data}>
          Save Disposition
        </Button>
      </div>
    </form>
  );
}
