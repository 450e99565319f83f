import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

import { canAccess } from '../../access/access.ts';
import { pathTo, routeById } from '../../access/route-table.ts';
import { opportunityLenderQueryOptions } from '../../api/opportunities.ts';
import { formatDate } from '../../lib/format.ts';
import { LENDER_STEP_LABELS } from '../../lib/lender-steps.ts';
import { formatPhone } from '../../lib/validation.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import { withBreakPoints } from '../../ui/break-points.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { Card } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as styles from '../../ui/staff.css.ts';

const phoneLink = (phone: string | null): ReactNode =>
  phone ? <a href={`tel:${phone}`}>{formatPhone(phone)}</a> : null;
const emailLink = (email: string | null): ReactNode =>
  email ? <a href={`mailto:${email}`}>{withBreakPoints(email)}</a> : null;

/** The loan office (and its loan officer) the opportunity went to, with how to reach them; an empty state when none. */
export function OpportunityLender({ id }: { id: number }) {
  const query = useQuery(opportunityLenderQueryOptions(id));
  const roles = useStore(profileStore, (p) => p.user?.roles);
  const l = query.data;
  const linkReferral = canAccess(
    (roles ?? []).map((r) => r.name),
    routeById('lender-referral-view'),
  );
  return (
    <Card aria-labelledby="opportunity-lender">
      <h2 id="opportunity-lender" className={styles.subheading}>
        Lender
      </h2>
      {query.isError ? (
        <QueryFailure thing="The lender" />
      ) : l === undefined ? (
        <Skeleton label="Loading" shape="record" />
      ) : l === null ? (
        <p className={styles.meta}>This opportunity has not gone to a lender.</p>
      ) : (
        <DetailList
          items={[
            [
              'Loan Office',
              linkReferral ? (
                <Link href={pathTo('lender-referral-view', { id: l.lenderReferralId })}>{l.loanOffice.name}</Link>
              ) : (
                l.loanOffice.name
              ),
            ],
            ['Office Phone', phoneLink(l.loanOffice.phone)],
            ['Office Email', emailLink(l.loanOffice.email)],
            ['Loan Officer', l.loanOfficer?.name || 'No loan officer yet'],
            ...(l.loanOfficer
              ? [
                  ['Officer Phone', phoneLink(l.loanOfficer.phone)] as const,
                  ['Officer Email', emailLink(l.loanOfficer.email)] as const,
                ]
              : []),
            ['Lender Step', LENDER_STEP_LABELS[l.status]],
            ['Received', formatDate(l.received)],
          ]}
        />
      )}
    </Card>
  );
}
