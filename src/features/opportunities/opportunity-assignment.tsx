import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';

import { canAccess } from '../../access/access.ts';
import { pathTo, routeById } from '../../access/route-table.ts';
import { forceAssignmentWrite, removeAssignedAgentWrite } from '../../api/opportunities.ts';
import { agentsQueryOptions } from '../../api/staff-agents.ts';
import { serverMessage } from '../../api/staff.ts';
import { useWrite } from '../../api/write.ts';
import type { Opportunity } from '../../contract/interviews.ts';
import { distinctNames } from '../../lib/distinct-names.ts';
import { formatDateTime, personName } from '../../lib/format.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { Card } from '../../ui/layout.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useForm } from '../../widgets/form.ts';

const AGENT_CHOICES = 1000; // a brokerage's agents fit one page (the server's largest)
const CANNOT_TAKE_REFERRALS = ['DELETED', 'DEACTIVATED'];

/** The assigned agent, its removal (after a confirmation) and force assignment to one of the brokerage's agents. */
export function OpportunityAssignment({ opportunity: o, readOnly }: { opportunity: Opportunity; readOnly: boolean }) {
  const snackbar = useSnackbar();
  const roles = useStore(profileStore, (p) => p.user?.roles);
  const linkAgent = canAccess(
    (roles ?? []).map((r) => r.name),
    routeById('agent-view'),
  );
  const [agentId, setAgentId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { form, errors, clear, formError, check, refused } = useForm(['agentId'] as const);
  const agents = useQuery({
    ...agentsQueryOptions({
      brokerageId: o.brokerageId,
      name: '',
      status: '',
      pageIndex: 0,
      pageSize: AGENT_CHOICES,
      sort: { key: 'name.last', desc: false },
    }),
    enabled: !readOnly,
  });
  const assign = useWrite(forceAssignmentWrite(o.id), {
    onSuccess: (r) => {
      setAgentId('');
      snackbar(`Assigned to ${r.opportunity.agentName ?? 'the agent'}.`, { tone: 'success' });
    },
    // The server checks the agent again (changed since the list loaded: deactivated, moved): its refusal is said beside the agent.
    onError: (err) => {
      // The list is read again without an agent who can no longer take referrals; the message stays until another is chosen.
      if (refused(err).agentId) {
        setAgentId('');
        void agents.refetch();
      }
    },
  });
  const remove = useWrite(removeAssignedAgentWrite(o.id), {
    onSuccess: () => {
      setConfirming(false);
      snackbar('The assigned agent was removed.', { tone: 'success' });
    },
    onError: (err) => {
      setConfirming(false);
      snackbar(serverMessage(err), { tone: 'error' });
    },
  });
  const choices = (agents.data?.content ?? []).filter(
    (a) => !CANNOT_TAKE_REFERRALS.includes(a.status) && a.id !== o.agentId,
  );
  // Two agents of one name are told apart by their email.
  const labels = distinctNames(
    choices.map((a) => ({ id: a.id, name: personName(a.name.first, a.name.last, `Agent ${a.id}`), email: a.email })),
  );
  const agentName = o.agentName ?? (o.agentId !== null ? `Agent ${o.agentId}` : null);

  return (
    <Card aria-labelledby="assigned-agent">
      <h2 id="assigned-agent" className={styles.subheading}>
        Assigned Agent
      </h2>
      <DetailList
        items={[
          [
            'Agent',
            o.agentId !== null && agentName ? (
              linkAgent ? (
                <Link href={pathTo('agent-view', { id: o.agentId })}>{agentName}</Link>
              ) : (
                agentName
              )
            ) : (
              'No agent assigned'
            ),
          ],
          ['Assigned At', formatDateTime(o.assignedAt)],
        ]}
      />
      {!readOnly && formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      {!readOnly && (
        <div className={styles.toolbar}>
          <form
            ref={form}
            className={styles.inlineForm}
            onSubmit={(e) => {
              e.preventDefault();
              if (check({}) && agentId) assign.mutate(Number(agentId));
            }}
          >
            <SelectField
              label="Agent"
              name="agentId"
              value={agentId}
              error={errors.agentId}
              onChange={(e) => {
                clear('agentId');
                setAgentId(e.target.value);
              }}
            >
              <option value="">Choose an agent</option>
              {choices.map((a) => (
                <option key={a.id} value={a.id}>
                  {labels.get(a.id)}
                </option>
              ))}
            </SelectField>
            <Button type="submit" disabled={!agentId || assign.isPending}>
              Force Assignment
            </Button>
          </form>
          <span className={styles.toolbarSpacer} />
          {o.agentId !== null && (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Remove Assigned Agent
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove Assigned Agent"
        confirmLabel="Remove Assigned Agent"
        danger
        description={`Remove ${agentName ?? 'the agent'} from this opportunity? Their open referral for it is removed.`}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </Card>
  );
}
