import { useState } from 'react';

import { changeOpportunityStatusWrite } from '../../api/opportunities.ts';
import { useWrite } from '../../api/write.ts';
import { OPPORTUNITY_STATUSES, type Opportunity, type OpportunityStatus } from '../../contract/interviews.ts';
import { enumLabel } from '../../contract/labels.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { Card } from '../../ui/layout.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useForm } from '../../widgets/form.ts';

const isStatus = (s: string): s is OpportunityStatus => (OPPORTUNITY_STATUSES as readonly string[]).includes(s);

/**
 * The opportunity's status, and (for staff who may write) the status change control. Every status
 * offered is one the server takes (OpportunityStatusChange), and Change Status waits for a choice; a
 * refusal (the opportunity gone, no connection) is said above the control, in words.
 */
export function OpportunityStatusCard({ opportunity: o, readOnly }: { opportunity: Opportunity; readOnly: boolean }) {
  const snackbar = useSnackbar();
  const [status, setStatus] = useState('');
  const { form, errors, clear, formError, check, refused } = useForm(['status'] as const);
  // Undo puts the status it replaced back (any status may follow any other on the server), once.
  const undo = useWrite(changeOpportunityStatusWrite(o.id), {
    onSuccess: (back) =>
      snackbar(`Undone: the status is ${enumLabel('opportunityStatus', back.status)} again.`, { tone: 'success' }),
    onError: (err) =>
      snackbar(err instanceof Error && err.message ? err.message : 'The status could not be changed back.', {
        tone: 'error',
      }),
  });
  const change = useWrite(changeOpportunityStatusWrite(o.id), {
    onSuccess: (next) => {
      setStatus('');
      const previous = o.status;
      snackbar(`Status changed to ${enumLabel('opportunityStatus', next.status)}.`, {
        tone: 'success',
        ...(isStatus(previous) ? { action: { label: 'Undo', run: () => undo.mutate(previous) } } : {}),
      });
    },
    onError: refused,
  });
  return (
    <Card aria-labelledby="opportunity-status">
      <h2 id="opportunity-status" className={styles.subheading}>
        Status
      </h2>
      <p>
        <Badge tone="info">{enumLabel('opportunityStatus', o.status)}</Badge>
      </p>
      {!readOnly && formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      {!readOnly && (
        <form
          ref={form}
          className={styles.inlineForm}
          onSubmit={(e) => {
            e.preventDefault();
            if (check({}) && isStatus(status)) change.mutate(status);
          }}
        >
          <SelectField
            label="New Status"
            name="status"
            value={status}
            error={errors.status}
            onChange={(e) => {
              clear('status');
              setStatus(e.target.value);
            }}
          >
            <option value="">Choose a status</option>
            {OPPORTUNITY_STATUSES.filter((s) => s !== o.status).map((s) => (
              <option key={s} value={s}>
                {enumLabel('opportunityStatus', s)}
              </option>
            ))}
          </SelectField>
          <Button type="submit" disabled={!status || change.isPending}>
            Change Status
          </Button>
        </form>
      )}
    </Card>
  );
}
