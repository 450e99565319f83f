import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { lenderConsoleKeys, lenderOverviewQueryOptions } from '../../api/lender-console.ts';
import type { LenderOverview } from '../../contract/lender-overview.ts';
import { formatCount, formatFraction, formatHours, formatShare } from '../../lib/format.ts';
import { LENDER_STEP_LABELS } from '../../lib/lender-steps.ts';
import { useStore } from '../../session/persisted-store.ts';
import { impersonationStore, profileStore } from '../../session/state.ts';
import { BarChart } from '../../ui/bar-chart.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as styles from '../../ui/widget-card.css.ts';
import { CardState, WidgetCard, WidgetGrid } from '../../ui/widget-card.tsx';
import { StatusLine } from '../../widgets/status-line.tsx';
import { LENDER_WIDGETS, type LenderWidgetId } from './lender-widgets.ts';

export const NO_REFERRALS = 'No referrals yet.';
export const LOAD_FAILED = 'These figures could not be loaded.';

/** The office whose overview this is: the impersonated loan office, else the user's own. */
export function useLenderOfficeId(): number | null {
  const target = useStore(impersonationStore, (i) => i?.target ?? null);
  const own = useStore(profileStore, (p) => p.loanOffice?.id ?? p.user?.loanOfficeId ?? null);
  if (target) return target.kind === 'loanOffice' ? target.id : null;
  return own;
}

const monthLabel = (ym: string) =>
  new Date(`${ym}-01T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

function Tile({ label, value, href }: { label: string; value: string; href?: string }) {
  const body = (
    <>
      <p className={styles.tileLabel}>{label}</p>
      <p className={styles.tileValue}>{value}</p>
    </>
  );
  return (
    <li>
      {href ? (
        <Link href={href} className={styles.tile}>
          {body}
        </Link>
      ) : (
        <div className={styles.tile}>{body}</div>
      )}
    </li>
  );
}

function Widget({
  id,
  span,
  state,
  children,
}: {
  id: LenderWidgetId;
  span: 4 | 8;
  state: 'loading' | 'error' | 'empty' | 'ready';
  children: ReactNode;
}) {
  const { title, info } = LENDER_WIDGETS[id];
  return (
    <WidgetCard title={title} info={info} span={span} widget={id}>
      {state === 'loading' ? (
        <Skeleton label={`Loading ${title}`} shape={span === 8 ? 'chart' : 'figures'} />
      ) : state === 'error' ? (
        <QueryFailure text={LOAD_FAILED} />
      ) : state === 'empty' ? (
        <CardState>{NO_REFERRALS}</CardState>
      ) : (
        children
      )}
    </WidgetCard>
  );
}

const referralsWith = (query: Record<string, string>) =>
  `${pathTo('lender-referrals')}?${new URLSearchParams(query).toString()}`;

function Widgets({ data, state }: { data: LenderOverview | undefined; state: 'loading' | 'error' | 'ready' }) {
  const total = data?.byStatus.reduce((s, x) => s + x.count, 0) ?? 0;
  const st = (empty: boolean) => (state !== 'ready' ? state : empty ? 'empty' : 'ready');
  const open = data
    ? data.byStatus.filter((s) => s.status !== 'CLOSED' && s.status !== 'LOST').reduce((s, x) => s + x.count, 0)
    : 0;
  return (
    <WidgetGrid>
      <Widget id="received" span={4} state={st(false)}>
        {data && (
          <ul className={styles.tiles}>
            <Tile label="This Month" value={formatCount(data.receivedThisMonth)} />
            <Tile label="Last Month" value={formatCount(data.receivedLastMonth)} />
            <Tile label="Open" value={formatCount(open)} href={referralsWith({ status: 'OPEN' })} />
          </ul>
        )}
      </Widget>
      <Widget id="perMonth" span={8} state={st(!data?.perMonth.some((m) => m.received + m.closed > 0))}>
        {data && (
          <BarChart
            label="Referrals received per month"
            rows={data.perMonth.map((m) => ({
              key: m.month,
              label: monthLabel(m.month),
              value: m.received,
              valueText: `${m.received} received · ${m.closed} closed`,
            }))}
          />
        )}
      </Widget>
      <Widget id="byStatus" span={4} state={st(total === 0)}>
        {data && (
          <BarChart
            label="Referrals by status"
            rows={data.byStatus.map((s) => ({
              key: s.status,
              label: LENDER_STEP_LABELS[s.status],
              value: s.count,
              href: referralsWith({ status: s.status }),
            }))}
          />
        )}
      </Widget>
      <Widget id="perOfficer" span={8} state={st((data?.perOfficer.length ?? 0) === 0)}>
        {data && (
          <DataTable
            label="Referrals per loan officer"
            rows={data.perOfficer}
            rowKey={(o) => o.loanOfficerId ?? 'none'}
            columns={[
              {
                key: 'name',
                header: 'Loan Officer',
                cell: (o) =>
                  o.loanOfficerId === null ? (
                    <Link href={referralsWith({ officer: 'none' })}>{o.name}</Link>
                  ) : (
                    <Link href={pathTo('my-loan-officer-view', { id: o.loanOfficerId })}>
                      {o.name}
                      {o.status === 'INACTIVE' ? ' (inactive)' : ''}
                    </Link>
                  ),
              },
              {
                key: 'open',
                header: 'Open',
                cell: (o) => <span data-officer-open={o.loanOfficerId ?? 'none'}>{formatCount(o.open)}</span>,
              },
              { key: 'closed', header: 'Closed', cell: (o) => formatCount(o.closed) },
              { key: 'total', header: 'Total', cell: (o) => formatCount(o.total) },
            ]}
          />
        )}
      </Widget>
      <Widget id="firstContact" span={4} state={st((data?.firstContact.received ?? 0) === 0)}>
        {data && (
          <ul className={styles.tiles}>
            <Tile label="Median" value={formatHours(data.firstContact.medianHours)} />
            <Tile
              label="Within 24 Hours"
              value={formatShare(data.firstContact.within24Hours, data.firstContact.received, 0)}
            />
            <Tile
              label="Contacted"
              value={`${formatCount(data.firstContact.contacted)} of ${formatCount(data.firstContact.received)}`}
            />
          </ul>
        )}
      </Widget>
      <Widget id="conversion" span={4} state={st((data?.conversion.received ?? 0) === 0)}>
        {data && (
          <ul className={styles.tiles}>
            <Tile label="Conversion" value={formatFraction(data.conversion.rate, 1)} />
            <Tile
              label="Loans Closed"
              value={formatCount(data.conversion.closed)}
              href={referralsWith({ status: 'CLOSED', receivedFrom: data.conversion.receivedFrom })}
            />
            <Tile
              label="Not Proceeding"
              value={formatCount(data.conversion.lost)}
              href={referralsWith({ status: 'LOST', receivedFrom: data.conversion.receivedFrom })}
            />
          </ul>
        )}
      </Widget>
    </WidgetGrid>
  );
}

/** The overview of a loan office (/console as LOAN_OFFICE_ADMIN, or staff impersonating a loan office). */
export function LenderOverviewScreen() {
  const officeId = useLenderOfficeId();
  const overview = useQuery({ ...lenderOverviewQueryOptions(officeId ?? 0), enabled: officeId !== null });
  if (officeId === null)
    return (
      <Page>
        <QueryFailure text={LOAD_FAILED} />
      </Page>
    );
  const state = overview.data ? 'ready' : overview.isError ? 'error' : 'loading';
  return (
    <Page>
      <div className={styles.toolbar}>
        <div className={styles.toolbarEnd}>
          <StatusLine scope={lenderConsoleKeys.office(officeId)} />
        </div>
      </div>
      <Widgets data={overview.data} state={state} />
    </Page>
  );
}
