import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessage } from '../../api/staff.ts';
import { addAdminHold, agentHoldsQueryOptions, holdReasonsQueryOptions, removeAdminHold, staffAgentKeys } from '../../api/staff-agents.ts';
import { formatDate } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { enumLabel } from '../../contract/labels.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useFormErrors } from '../../widgets/form-errors.ts';

/** The agent's admin hold: its reasons, adding one (the agent goes on hold) and lifting one (the last restores the status). */
export function AdminHold({ id }: { id: number }) {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const holds = useQuery(agentHoldsQueryOptions(id));
  const reasons = useQuery(holdReasonsQueryOptions());
  const [reasonId, setReasonId] = useState('');
  const { form, errors, clear, formError, check, refused } = useFormErrors(['reasonId'] as const);
  const change = useMutation({
    mutationFn: (c: { add: boolean; reasonId: number }) => (c.add ? addAdminHold(id, c.reasonId) : removeAdminHold(id, c.reasonId)),
    onSuccess: (updated, c) => {
      client.setQueryData(staffAgentKeys.holds(id), updated);
      setReasonId('');
      snackbar(c.add ? 'Admin hold added.' : 'Admin hold removed.', { tone: 'success' });
    },
    // Adding: a reason refused (gone, or added meanwhile by someone else) is said beside it, the rest above the form.
    onError: (err, c) => {
      if (!c.add) { snackbar(serverMessage(err), { tone: 'error' }); return; }
      // The list is read again below, without the refused reason: the message names what was refused.
      if (refused(err).reasonId) setReasonId('');
    },
    // The agent's status follows its holds; a refusal may come from holds changed meanwhile.
    onSettled: (_data, err) => Promise.all([
      client.invalidateQueries({ queryKey: staffAgentKeys.detail(id), exact: true }),
      err ? client.invalidateQueries({ queryKey: staffAgentKeys.holds(id), exact: true }) : undefined,
      err ? client.invalidateQueries({ queryKey: staffAgentKeys.holdReasons(), exact: true }) : undefined,
    ]),
  });
  if (holds.isError) return <p role="alert">The admin hold could not be loaded.</p>;
  if (!holds.data) return <Skeleton label="Loading" shape="list" />;
  const held = new Set(holds.data.holds.map((h) => h.reasonId));
  const available = (reasons.data ?? []).filter((r) => !held.has(r.id));
  return (
    <div className={styles.stack}>
      <p>Status: <strong>{enumLabel('agentStatus', holds.data.status)}</strong></p>
      {holds.data.holds.length === 0 ? <p className={styles.meta}>This agent has no admin hold.</p> : (
        <ul className={styles.list} aria-label="Admin hold reasons">
          {holds.data.holds.map((h) => (
            <li key={h.reasonId} className={[styles.listItem, styles.inlineForm].join(' ')}>
              <span className={styles.toolbarSpacer}>{h.name} <span className={styles.meta}>since {formatDate(h.created)}</span></span>
              <Button variant="text" aria-label={`Remove hold: ${h.name}`} disabled={change.isPending}
                onClick={() => change.mutate({ add: false, reasonId: h.reasonId })}>Remove</Button>
            </li>
          ))}
        </ul>
      )}
      {formError && <p role="alert" className={styles.formError}>{formError}</p>}
      <form ref={form} className={styles.inlineForm} onSubmit={(e) => {
        e.preventDefault();
        if (check({}) && reasonId) change.mutate({ add: true, reasonId: Number(reasonId) });
      }}>
        <SelectField label="Hold Reason" name="reasonId" value={reasonId} error={errors.reasonId}
          onChange={(e) => { clear('reasonId'); setReasonId(e.target.value); }}>
          <option value="">Choose a reason</option>
          {available.map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
        </SelectField>
        <Button type="submit" disabled={!reasonId || change.isPending}>Add Hold</Button>
      </form>
    </div>
  );
}
