import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { agentHoldsQueryOptions, changeAdminHoldWrite, holdReasonsQueryOptions } from '../../api/staff-agents.ts';
import { serverMessage } from '../../api/staff.ts';
import { useWrite } from '../../api/write.ts';
import { enumLabel } from '../../contract/labels.ts';
import { formatDate } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useForm } from '../../widgets/form.ts';

/** The agent's admin hold: its reasons, adding one (the agent goes on hold) and lifting one (the last restores the status). */
export function AdminHold({ id }: { id: number }) {
  const snackbar = useSnackbar();
  const holds = useQuery(agentHoldsQueryOptions(id));
  const reasons = useQuery(holdReasonsQueryOptions());
  const [reasonId, setReasonId] = useState('');
  const { form, errors, clear, formError, check, refused } = useForm(['reasonId'] as const);
  // Undo runs the opposite step (docs/decisions/0108): a hold added is lifted, a hold lifted is placed again.
  const undo = useWrite(changeAdminHoldWrite(id), {
    onSuccess: (_updated, c) =>
      snackbar(c.add ? 'Undone: the admin hold is back.' : 'Undone: the admin hold is lifted again.', {
        tone: 'success',
      }),
    onError: (err) => snackbar(serverMessage(err), { tone: 'error' }),
  });
  const change = useWrite(changeAdminHoldWrite(id), {
    onSuccess: (_updated, c) => {
      setReasonId('');
      snackbar(c.add ? 'Admin hold added.' : 'Admin hold removed.', {
        tone: 'success',
        action: { label: 'Undo', run: () => undo.mutate({ add: !c.add, reasonId: c.reasonId }) },
      });
    },
    // Adding: a reason refused (gone, or added meanwhile by someone else) is said beside it, the rest above the form.
    onError: (err, c) => {
      if (!c.add) {
        snackbar(serverMessage(err), { tone: 'error' });
        return;
      }
      // The list is read again below, without the refused reason: the message names what was refused.
      if (refused(err).reasonId) setReasonId('');
    },
  });
  if (holds.isError) return <QueryFailure thing="The admin hold" />;
  if (!holds.data) return <Skeleton label="Loading" shape="list" />;
  const held = new Set(holds.data.holds.map((h) => h.reasonId));
  const available = (reasons.data ?? []).filter((r) => !held.has(r.id));
  return (
    <div className={styles.stack}>
      <p>
        Status: <strong>{enumLabel('agentStatus', holds.data.status)}</strong>
      </p>
      {holds.data.holds.length === 0 ? (
        <p className={styles.meta}>This agent has no admin hold.</p>
      ) : (
        <ul className={styles.list} aria-label="Admin hold reasons">
          {holds.data.holds.map((h) => (
            <li key={h.reasonId} className={[styles.listItem, styles.inlineForm].join(' ')}>
              <span className={styles.toolbarSpacer}>
                {h.name} <span className={styles.meta}>since {formatDate(h.created)}</span>
              </span>
              <Button
                variant="text"
                aria-label={`Remove hold: ${h.name}`}
                disabled={change.isPending || undo.isPending}
                onClick={() => change.mutate({ add: false, reasonId: h.reasonId })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      <form
        ref={form}
        className={styles.inlineForm}
        onSubmit={(e) => {
          e.preventDefault();
          if (check({}) && reasonId) change.mutate({ add: true, reasonId: Number(reasonId) });
        }}
      >
        <SelectField
          label="Hold Reason"
          name="reasonId"
          value={reasonId}
          error={errors.reasonId}
          onChange={(e) => {
            clear('reasonId');
            setReasonId(e.target.value);
          }}
        >
          <option value="">Choose a reason</option>
          {available.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={!reasonId || change.isPending || undo.isPending}>
          Add Hold
        </Button>
      </form>
    </div>
  );
}
