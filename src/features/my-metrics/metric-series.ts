import type { MetricMonth } from '../../contract/brokerage-metrics.ts';
import { csvRow } from '../../lib/csv.ts';
import {
  formatCount,
  formatPercent,
  formatPercentTick,
  formatPriceShort,
  formatResponseTime,
  formatUsd,
} from '../../lib/format.ts';
import { DURATION_STEPS, type TickOptions } from '../../ui/chart-scale.ts';

// What My Metrics shows, once: each series' title, value and text, used by the charts, the table
// and the CSV alike (so the export is exactly what is shown).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-03" reads "Mar 2026" (a calendar month in UTC, not shifted by the browser's zone). */
export const monthLabel = (month: string) => {
  const [y, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} ${y}`;
};
/** "2026-03" reads "Mar" under a chart's axis (the full month is in its tooltip and table). */
export const monthTick = (month: string) => MONTHS[Number(month.split('-')[1]) - 1] ?? month;

/** How a series' value axis is ticked and written: short ("$1.2M", "2h", "25%"); the exact value is in `text`. */
export interface Axis {
  format: (value: number) => string;
  ticks: TickOptions;
}
export interface Series {
  key: string;
  title: string;
  value: (m: MetricMonth) => number | null;
  text: (m: MetricMonth) => string;
  axis: Axis;
}

const COUNT: Axis = { format: formatCount, ticks: { integer: true } };
const MONEY: Axis = { format: formatPriceShort, ticks: {} };
const DURATION: Axis = { format: formatResponseTime, ticks: { steps: DURATION_STEPS } };
const PERCENT: Axis = { format: formatPercentTick, ticks: {} };

const pct = (v: number | null) => (v === null ? '-' : formatPercent(v, 1));

export const SERIES: readonly Series[] = [
  {
    key: 'received',
    title: 'Referrals received',
    value: (m) => m.received,
    text: (m) => formatCount(m.received),
    axis: COUNT,
  },
  { key: 'closed', title: 'Referrals closed', value: (m) => m.closed, text: (m) => formatCount(m.closed), axis: COUNT },
  {
    key: 'volume',
    title: 'Closed volume',
    value: (m) => m.closedVolume,
    text: (m) => formatUsd(m.closedVolume),
    axis: MONEY,
  },
  {
    key: 'response',
    title: 'Average response time',
    value: (m) => m.avgResponseSeconds,
    text: (m) => (m.avgResponseSeconds === null ? '-' : formatResponseTime(m.avgResponseSeconds)),
    axis: DURATION,
  },
  { key: 'met', title: 'Met-with rate', value: (m) => m.metWithRate, text: (m) => pct(m.metWithRate), axis: PERCENT },
  {
    key: 'conversion',
    title: 'Conversion',
    value: (m) => m.conversionRate,
    text: (m) => pct(m.conversionRate),
    axis: PERCENT,
  },
  {
    key: 'invitesSent',
    title: 'Agent invitations sent',
    value: (m) => m.invitationsSent,
    text: (m) => formatCount(m.invitationsSent),
    axis: COUNT,
  },
  {
    key: 'invitesRedeemed',
    title: 'Agent invitations redeemed',
    value: (m) => m.invitationsRedeemed,
    text: (m) => formatCount(m.invitationsRedeemed),
    axis: COUNT,
  },
];

/** The shown months as CSV: one row per month, one column per series, raw numbers (rates in percent). */
export function metricsCsv(months: readonly MetricMonth[]): string {
  return (
    csvRow(['Month', ...SERIES.map((s) => s.title)]) +
    months.map((m) => csvRow([m.month, ...SERIES.map((s) => s.value(m))])).join('')
  );
}
