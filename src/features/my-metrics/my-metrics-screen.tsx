import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { brokerageMetricsQueryOptions } from '../../api/brokerage-metrics.ts';
import { METRIC_PERIODS, type MetricMonth, type MetricPeriod } from '../../contract/brokerage-metrics.ts';
import { formatResponseTime } from '../../lib/format.ts';
import { IMPERSONATE_FIRST, useBrokerageScope } from '../../session/brokerage-scope.ts';
import { ColumnChart } from '../../ui/column-chart.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import { Card, mutedText, Page } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Segmented } from '../../ui/segmented.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as staff from '../../ui/staff.css.ts';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList } from '../../widgets/list-screen.tsx';
import { metricsCsv, monthLabel, monthTick, SERIES } from './metric-series.ts';
import * as styles from './metrics.css.ts';

// The period and the view live in the address like a list's filters (one URL state for every screen):
// ?months=3|6 (12 when absent) and ?view=table (charts when absent).
const VIEW = defineList({
  sort: { key: 'month', desc: false },
  sortKeys: ['month'],
  filters: [
    {
      key: 'months',
      label: 'Period',
      all: '12 months',
      options: [
        { value: '3', label: '3 months' },
        { value: '6', label: '6 months' },
      ],
    },
    { key: 'view', label: 'Show as', all: 'Charts', options: [{ value: 'table', label: 'Table' }] },
  ],
});
const periodOf = (raw: string): MetricPeriod =>
  (METRIC_PERIODS as readonly number[]).includes(Number(raw)) ? (Number(raw) as MetricPeriod) : 12;

function Charts({ months }: { months: readonly MetricMonth[] }) {
  return (
    <div className={styles.grid}>
      {SERIES.map((s) => (
        <Card key={s.key} aria-labelledby={`metric-${s.key}`}>
          <h3 id={`metric-${s.key}`} className={styles.chartTitle}>
            {s.title}
          </h3>
          <ColumnChart
            label={`${s.title} per month`}
            formatTick={s.axis.format}
            ticks={s.axis.ticks}
            categoryHeader="Month"
            valueHeader={s.title}
            rows={months.map((m) => ({
              key: m.month,
              label: monthLabel(m.month),
              tick: monthTick(m.month),
              value: s.value(m),
              valueText: s.text(m),
            }))}
          />
        </Card>
      ))}
    </div>
  );
}

function Table({ months }: { months: readonly MetricMonth[] }) {
  return (
    <DataTable
      label="Monthly metrics"
      rows={months}
      rowKey={(m) => m.month}
      columns={[
        { key: 'month', header: 'Month', cell: (m) => monthLabel(m.month) },
        ...SERIES.map((s) => ({ key: s.key, header: s.title, cell: s.text })),
      ]}
    />
  );
}

/** My Metrics: the brokerage's monthly trends over 3, 6 or 12 months, as charts or a table, and as CSV. */
export function MyMetricsScreen() {
  const brokerageId = useBrokerageScope();
  const state = useUrlListState(VIEW.spec);
  const months = periodOf(state.filter.months);
  const view = state.filter.view === 'table' ? 'table' : 'charts';
  const query = useQuery({
    ...brokerageMetricsQueryOptions(brokerageId ?? 0, months),
    enabled: brokerageId !== null,
    placeholderData: keepPreviousData,
  });
  if (brokerageId === null)
    return (
      <Page>
        <p className={mutedText}>{IMPERSONATE_FIRST}</p>
      </Page>
    );
  const data = query.data;
  return (
    <Page>
      <Card aria-labelledby="metrics-heading">
        <div className={staff.headerRow}>
          <h2 id="metrics-heading" className={staff.heading}>
            Trends
          </h2>
          <Segmented
            label="Period"
            value={String(months)}
            onChange={(m) => state.setFilter({ months: m === '12' ? '' : m })}
            options={METRIC_PERIODS.map((p) => ({ value: String(p), label: `${p} months` }))}
          />
          <Segmented
            label="Show as"
            value={view}
            onChange={(v) => state.setFilter({ view: v === 'table' ? 'table' : '' })}
            options={[
              { value: 'charts', label: 'Charts' },
              { value: 'table', label: 'Table' },
            ]}
          />
          {data && (
            <ExportButton name={`metrics-${months}-months`} load={() => Promise.resolve(metricsCsv(data.months))} />
          )}
        </div>
        {data && (
          <dl className={styles.tiles}>
            <div className={styles.tile}>
              <dt className={mutedText}>7-day response time</dt>
              <dd className={styles.tileValue}>{formatResponseTime(data.responseTime.last7)}</dd>
            </div>
            <div className={styles.tile}>
              <dt className={mutedText}>30-day response time</dt>
              <dd className={styles.tileValue}>{formatResponseTime(data.responseTime.last30)}</dd>
            </div>
          </dl>
        )}
        {query.isError && <QueryFailure thing="The metrics" retry={query.refetch} />}
        {!data && !query.isError && <Skeleton label="Loading metrics" shape="chart" />}
      </Card>
      {data &&
        (view === 'table' ? (
          <Card>
            <Table months={data.months} />
          </Card>
        ) : (
          <Charts months={data.months} />
        ))}
    </Page>
  );
}
