import type { MetricMonth } from '../../contract/brokerage-metrics.ts';
import { csvRow } from '../../lib/csv.ts';
import { formatCount, formatPercent, formatResponseTime, formatUsd } from '../../lib/format.ts';

// What My Metrics shows, once: each series' title, value and text, used by the charts, the table
// and the CSV alike (so the export is exactly what is shown).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-03" reads "Mar 2026" (a calendar month in UTC, not shifted by the browser's zone). */
export const monthLabel = (month: string) => {
  const [y, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} ${y}`;
};

export interface Series { key: string; title: string; value: (m: MetricMonth) => number | null; text: (m: MetricMonth) => string }

const pct = (v: number | null) => (v === null ? '-' : formatPercent(v, 1));

export const SERIES: readonly Series[] = [
  { key: 'received', title: 'Referrals received', value: (m) => m.received, text: (m) => formatCount(m.received) },
  { key: 'closed', title: 'Referrals closed', value: (m) => m.closed, text: (m) => formatCount(m.closed) },
  { key: 'volume', title: 'Closed volume', value: (m) => m.closedVolume, text: (m) => formatUsd(m.closedVolume) },
  { key: 'response', title: 'Average response time', value: (m) => m.avgResponseSeconds, text: (m) => (m.avgResponseSeconds === null ? '-' : formatResponseTime(m.avgResponseSeconds)) },
  { key: 'met', title: 'Met-with rate', value: (m) => m.metWithRate, text: (m) => pct(m.metWithRate) },
  { key: 'conversion', title: 'Conversion', value: (m) => m.conversionRate, text: (m) => pct(m.conversionRate) },
  { key: 'invitesSent', title: 'Agent invitations sent', value: (m) => m.invitationsSent, text: (m) => formatCount(m.invitationsSent) },
  { key: 'invitesRedeemed', title: 'Agent invitations redeemed', value: (m) => m.invitationsRedeemed, text: (m) => formatCount(m.invitationsRedeemed) },
];

/** The shown months as CSV: one row per month, one column per series, raw numbers (rates in percent). */
export function metricsCsv(months: readonly MetricMonth[]): string {
  return csvRow(['Month', ...SERIES.map((s) => s.title)]) + months.map((m) => csvRow([m.month, ...SERIES.map((s) => s.value(m))])).join('');
}
