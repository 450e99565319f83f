import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';

import { canAccess } from '../../access/access.ts';
import { pathTo, routeById } from '../../access/route-table.ts';
import { loanOfficeQueryOptions, loanOfficersQueryOptions } from '../../api/lenders.ts';
import { codeLabel } from '../../contract/labels.ts';
import { formatDate, personName } from '../../lib/format.ts';
import { DEFAULT_ROWS_PER_PAGE, pageIndexOf } from '../../lib/pagination.ts';
import { recordId } from '../../lib/record-params.ts';
import { formatPhone } from '../../lib/validation.ts';
import { requestImpersonation, useCanImpersonate } from '../../session/impersonation.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { Card } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { RecordScreen } from '../../ui/record-screen.tsx';
import * as styles from '../../ui/staff.css.ts';

/** One loan office (lenders view/:id) and its loan officers; staff who may can impersonate it. */
export function LenderViewScreen({ params }: { params: Record<string, string> }) {
  const found = recordId(params['id']);
  const id = found ?? 0;
  const valid = found !== undefined;
  const office = useQuery({ ...loanOfficeQueryOptions(id), enabled: valid });
  const [paging, setPaging] = useState({ page: 1, rowsPerPage: DEFAULT_ROWS_PER_PAGE });
  const officers = useQuery({
    ...loanOfficersQueryOptions(id, { pageIndex: pageIndexOf(paging), pageSize: paging.rowsPerPage }),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const canImpersonate = useCanImpersonate();
  // Links to the office's officers and referrals, for the staff the lender routes admit.
  const roles = useStore(profileStore, (p) => p.user?.roles ?? []).map((r) => r.name);
  const opensOfficer = canAccess(roles, routeById('my-loan-officer-view'));
  const seesReferrals = canAccess(roles, routeById('lender-referrals'));
  return (
    <RecordScreen
      found={valid}
      query={office}
      noun="lender"
      failure="This loan office could not be loaded."
      title={(o) => o.name}
      actions={(o) =>
        canImpersonate && (
          <Button
            variant="secondary"
            onClick={() => requestImpersonation({ kind: 'loanOffice', id: o.id, name: o.name })}
          >
            Impersonate
          </Button>
        )
      }
      more={() => (
        <Card>
          <h2 className={styles.subheading}>Loan Officers</h2>
          <DataTable
            label="Loan officers"
            rows={officers.data?.content ?? []}
            rowKey={(x) => x.id}
            loading={officers.isPending}
            empty="This loan office has no loan officers."
            columns={[
              {
                key: 'name',
                header: 'Name',
                cell: (x) =>
                  opensOfficer ? (
                    <Link href={pathTo('my-loan-officer-view', { id: x.id })}>
                      {personName(x.firstName, x.lastName)}
                    </Link>
                  ) : (
                    personName(x.firstName, x.lastName)
                  ),
              },
              { key: 'nmls', header: 'NMLS', cell: (x) => x.nmls ?? '-' },
              { key: 'email', header: 'Email', cell: (x) => x.email ?? '-' },
              { key: 'phone', header: 'Phone', cell: (x) => formatPhone(x.phone) || '-' },
              { key: 'created', header: 'Added', cell: (x) => formatDate(x.created) },
            ]}
          />
          <Pagination
            rowsType="loan officers"
            state={{ ...paging, totalItems: officers.data?.totalElements ?? 0 }}
            onChange={setPaging}
          />
        </Card>
      )}
    >
      {(o) => (
        <>
          <DetailList
            items={[
              ['Status', codeLabel(o.status)],
              ['Email', o.email],
              ['Phone', formatPhone(o.phone)],
            ]}
          />
          {seesReferrals && (
            <Link href={`${pathTo('lender-referrals')}?office=${o.id}`}>View this loan office’s referrals</Link>
          )}
        </>
      )}
    </RecordScreen>
  );
}
