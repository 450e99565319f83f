import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import {
  potentialAgentsQueryOptions,
  resendInvitationWrite,
  withdrawInvitationWrite,
} from '../../api/potential-agents.ts';
import { useWrite } from '../../api/write.ts';
import { enumLabel } from '../../contract/labels.ts';
import { POTENTIAL_AGENT_LIST_STATUSES, type PotentialAgent } from '../../contract/potential-agents.ts';
import { formatDateTime, personName } from '../../lib/format.ts';
import { DEFAULT_ROWS_PER_PAGE, pageIndexOf } from '../../lib/pagination.ts';
import { formatPhone } from '../../lib/validation.ts';
import { useBrokerageScope } from '../../session/brokerage-scope.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { NeedsConnection } from '../../widgets/list-freshness.tsx';
import { useInviteDialog } from '../../widgets/use-invite-dialog.tsx';
import { EditInviteeDialog } from './edit-invitee-dialog.tsx';
import { InvitationFigures } from './invitation-figures.tsx';

const statusCell = (p: PotentialAgent) => {
  if (p.inviteExpired) return <Badge tone="danger">Expired</Badge>;
  const tone = p.status === 'INVITE_REDEEMED' ? 'success' : p.status === 'INVITE_PENDING' ? 'neutral' : 'danger';
  return <Badge tone={tone}>{enumLabel('potentialAgentStatus', p.status)}</Badge>;
};

/** Pending Invitations: the brokerage's figures, everyone it invited with the invitation's state, Edit, Resend and Withdraw. */
export function InvitationsScreen() {
  const resend = useWrite(resendInvitationWrite);
  const withdrawal = useWrite(withdrawInvitationWrite);
  const snackbar = useSnackbar();
  const invite = useInviteDialog();
  const [status, setStatus] = useState('INVITE_PENDING');
  const [paging, setPaging] = useState({ page: 1, rowsPerPage: DEFAULT_ROWS_PER_PAGE });
  const [withdraw, setWithdraw] = useState<PotentialAgent>();
  const [editing, setEditing] = useState<number>();
  const brokerageId = useBrokerageScope();
  const query = useQuery({
    ...potentialAgentsQueryOptions({ pageIndex: pageIndexOf(paging), pageSize: paging.rowsPerPage, status }),
    placeholderData: keepPreviousData,
  });
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      snackbar(done);
    } catch (err) {
      snackbar(err instanceof Error && err.message ? err.message : 'An error occurred please try again.', {
        tone: 'error',
      });
    }
  };
  const columns: Column<PotentialAgent>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (p) =>
        p.agentId !== null ? (
          <Link href={pathTo('view-my-agent', { id: p.agentId })}>{personName(p.name.first, p.name.last)}</Link>
        ) : (
          personName(p.name.first, p.name.last)
        ),
    },
    { key: 'email', header: 'Email', cell: (p) => p.email },
    { key: 'phone', header: 'Phone', cell: (p) => formatPhone(p.phone) },
    { key: 'status', header: 'Status', cell: statusCell },
    {
      key: 'sent',
      header: 'Last Sent',
      cell: (p) => (p.inviteSentAt ? `${formatDateTime(p.inviteSentAt)} (${p.invitesSent}×)` : '-'),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (p) =>
        p.status === 'INVITE_REDEEMED' ? (
          '-'
        ) : (
          <span className={styles.inlineForm}>
            <Button variant="text" aria-label={`Edit invitation to ${p.email}`} onClick={() => setEditing(p.id)}>
              Edit
            </Button>
            <Button
              variant="secondary"
              aria-label={`Resend invitation to ${p.email}`}
              onClick={() => {
                void act(() => resend.mutateAsync(p.id), `Invitation sent again to ${p.email}`);
              }}
            >
              Resend
            </Button>
            {(p.status === 'INVITE_PENDING' || p.status === 'ENROLLED') && (
              <Button variant="text" aria-label={`Withdraw invitation to ${p.email}`} onClick={() => setWithdraw(p)}>
                Withdraw
              </Button>
            )}
          </span>
        ),
    },
  ];
  return (
    <Page title="Pending Invitations">
      {brokerageId !== null && (
        <Card>
          <InvitationFigures brokerageId={brokerageId} />
        </Card>
      )}
      <Card>
        {/* The status filter is the only one; the API lists invitations newest first, so there is no Sort to offer. */}
        <ListToolbar
          filtersSet={status === '' ? 0 : 1}
          actions={
            <>
              <Link href={pathTo('my-agents')}>Back to My Agents</Link>
              <NeedsConnection>
                <Button onClick={invite.open}>Invite Agents</Button>
              </NeedsConnection>
            </>
          }
        >
          <SelectField
            label="Invitation status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          >
            <option value="">All</option>
            {POTENTIAL_AGENT_LIST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {enumLabel('potentialAgentListStatus', s)}
              </option>
            ))}
          </SelectField>
        </ListToolbar>
        {query.isError && (
          <p role="alert" className={styles.formError}>
            {query.error.message}
          </p>
        )}
        {/* Edit, Resend and Withdraw write at once: offline they are disabled, and the reason is said once. */}
        <NeedsConnection>
          <DataTable
            label="Invitations"
            columns={columns}
            rows={query.data?.content ?? []}
            rowKey={(p) => p.id}
            loading={query.isPending}
            empty="No invitations here."
          />
        </NeedsConnection>
        <Pagination
          rowsType="invitations"
          state={{ ...paging, totalItems: query.data?.totalElements ?? 0 }}
          onChange={setPaging}
        />
      </Card>
      {invite.dialog}
      <EditInviteeDialog id={editing} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={withdraw !== undefined}
        onOpenChange={(o) => {
          if (!o) setWithdraw(undefined);
        }}
        title="Withdraw invitation?"
        description={withdraw ? `The link sent to ${withdraw.email} stops working at once.` : ''}
        confirmLabel="Withdraw"
        onConfirm={() => {
          const p = withdraw;
          setWithdraw(undefined);
          if (p) void act(() => withdrawal.mutateAsync(p.id), `Invitation to ${p.email} withdrawn`);
        }}
      />
    </Page>
  );
}
