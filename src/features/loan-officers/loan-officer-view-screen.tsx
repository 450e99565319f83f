import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';

import { canAccess } from '../../access/access.ts';
import { pathTo, routeById } from '../../access/route-table.ts';
import {
  loanOfficerQueryOptions,
  officerReferralsQueryOptions,
  setLoanOfficerStatusWrite,
} from '../../api/lender-console.ts';
import { serverMessage } from '../../api/staff.ts';
import { useWrite } from '../../api/write.ts';
import { enumLabel } from '../../contract/labels.ts';
import { formatDate, formatFraction, formatHours, personName } from '../../lib/format.ts';
import { LENDER_STEP_LABELS } from '../../lib/lender-steps.ts';
import { DEFAULT_ROWS_PER_PAGE, pageIndexOf } from '../../lib/pagination.ts';
import { recordId } from '../../lib/record-params.ts';
import { formatPhone } from '../../lib/validation.ts';
import { useStore } from '../../session/persisted-store.ts';
import { useAddRecentlyViewed } from '../../session/recently-viewed.ts';
import { profileStore } from '../../session/state.ts';
import { withBreakPoints } from '../../ui/break-points.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { Card } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { RecordScreen } from '../../ui/record-screen.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useLenderWriter } from './loan-officers-screen.tsx';
import { EditLoanOfficerDialog } from './new-loan-officer-dialog.tsx';

/** One loan officer (my-loan-officers view/:id): contact details, figures, referrals; edit and (de)activate for the office's admin. */
export function LoanOfficerViewScreen({ params }: { params: Record<string, string> }) {
  const found = recordId(params['id']);
  const id = found ?? 0;
  const valid = found !== undefined;
  const officer = useQuery({ ...loanOfficerQueryOptions(id), enabled: valid });
  const roles = useStore(profileStore, (p) => p.user?.roles ?? []).map((r) => r.name);
  const seesReferrals = canAccess(roles, routeById('lender-referrals'));
  const opensReferral = canAccess(roles, routeById('lender-referral-view'));
  const [paging, setPaging] = useState({ page: 1, rowsPerPage: DEFAULT_ROWS_PER_PAGE });
  const referrals = useQuery({
    ...officerReferralsQueryOptions(id, { pageIndex: pageIndexOf(paging), pageSize: paging.rowsPerPage }),
    enabled: valid && seesReferrals,
    placeholderData: keepPreviousData,
  });
  const writer = useLenderWriter();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const snackbar = useSnackbar();
  const toggle = useWrite(setLoanOfficerStatusWrite(id), {
    onSuccess: (o) => {
      snackbar(`${o.firstName} ${o.lastName} is now ${o.status === 'ACTIVE' ? 'active' : 'inactive'}.`, {
        tone: 'success',
      });
      setConfirming(false);
    },
    onError: (err) => {
      snackbar(serverMessage(err), { tone: 'error' });
      setConfirming(false);
    },
  });
  useAddRecentlyViewed(
    'loanOfficers',
    officer.data
      ? { id: officer.data.id, label: personName(officer.data.firstName, officer.data.lastName) }
      : undefined,
  );
  const nameOf = (o: NonNullable<typeof officer.data>) => personName(o.firstName, o.lastName);
  const more = (o: NonNullable<typeof officer.data>) => (
    <>
      <Card>
        <h2 className={styles.subheading}>Figures</h2>
        <DetailList
          items={[
            ['Referrals', o.figures.referrals],
            ['Open', o.figures.open],
            ['Loans Closed', o.figures.closed],
            ['Conversion', formatFraction(o.conversionRate, 1)],
            ['Median Time to First Contact', formatHours(o.medianHoursToContact)],
            ['Last Referral', formatDate(o.figures.lastReceived)],
          ]}
        />
      </Card>
      {seesReferrals && (
        <Card>
          <h2 className={styles.subheading}>Referrals</h2>
          {referrals.isError && (
            <p role="alert" className={styles.formError}>
              Whoops, Something went wrong. Try again.
            </p>
          )}
          <DataTable
            label="Referrals of this loan officer"
            rows={referrals.data?.content ?? []}
            rowKey={(r) => r.id}
            loading={referrals.isPending}
            empty="This loan officer holds no referrals."
            columns={[
              {
                key: 'buyer',
                header: 'Buyer',
                cell: (r) => {
                  const buyer = personName(r.buyer.first, r.buyer.last, 'Not Available');
                  return opensReferral ? (
                    <Link href={pathTo('lender-referral-view', { id: r.id })}>{buyer}</Link>
                  ) : (
                    buyer
                  );
                },
              },
              { key: 'status', header: 'Status', cell: (r) => LENDER_STEP_LABELS[r.status] },
              { key: 'brokerage', header: 'Brokerage', cell: (r) => r.brokerage.name },
              { key: 'received', header: 'Received', cell: (r) => formatDate(r.received) },
            ]}
          />
          <Pagination
            rowsType="referrals"
            state={{ ...paging, totalItems: referrals.data?.totalElements ?? 0 }}
            onChange={setPaging}
          />
        </Card>
      )}
      {writer && <EditLoanOfficerDialog officer={o} open={editing} onOpenChange={setEditing} />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={o.status === 'ACTIVE' ? 'Deactivate Loan Officer' : 'Activate Loan Officer'}
        description={
          o.status === 'ACTIVE'
            ? `${nameOf(o)} will no longer receive referrals; their open referrals go back to Unassigned.`
            : `${nameOf(o)} can be assigned referrals again.`
        }
        confirmLabel={o.status === 'ACTIVE' ? 'Deactivate' : 'Activate'}
        danger={o.status === 'ACTIVE'}
        busy={toggle.isPending}
        onConfirm={() => toggle.mutate(o.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE')}
      />
    </>
  );
  return (
    <RecordScreen
      found={valid}
      query={officer}
      noun="loan officer"
      failureTitle="Loan Officer"
      title={nameOf}
      actions={(o) =>
        writer && (
          <div className={styles.toolbar}>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {o.status === 'ACTIVE' ? 'Deactivate' : 'Activate'}
            </Button>
          </div>
        )
      }
      more={more}
    >
      {(o) => (
        <DetailList
          items={[
            ['Status', enumLabel('loanOfficerStatus', o.status)],
            ['Loan Office', o.loanOfficeName],
            ['NMLS ID', o.nmls ?? '-'],
            ['Email', o.email ? <a href={`mailto:${o.email}`}>{withBreakPoints(o.email)}</a> : '-'],
            ['Phone', o.phone ? <a href={`tel:${o.phone}`}>{formatPhone(o.phone)}</a> : '-'],
            ['Added', formatDate(o.created)],
            ...(o.deactivated ? [['Deactivated', formatDate(o.deactivated)] as const] : []),
          ]}
        />
      )}
    </RecordScreen>
  );
}
