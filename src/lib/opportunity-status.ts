import { prettify } from './format.ts';

// Opportunity statuses as the dashboard shows them (spec 2 section 4).

/** Statuses whose label is not their enum in words (the opportunityStatus label table, src/contract/labels.ts, uses these). */
export const OPPORTUNITY_STATUS_WORDS: Readonly<Record<string, string>> = {
  IN_PRIORITY_NURTURE: 'Previous Interest',
  NO_AGENT_ACCEPT: 'No Agent Accepted',
  TRANSFERRED_TO_IBUYER: 'Transferred To iBuyer',
};

/** Left out of the leads-by-status widget. */
export const HIDDEN_FROM_STATUS_WIDGET: readonly string[] = ['TRANSFERRED_TO_LENDER_INCOMPLETE'];

export const statusLabel = (status: string | null | undefined): string =>
  (status ? OPPORTUNITY_STATUS_WORDS[status] : undefined) ?? prettify(status);

export interface StatusCount {
  status: string;
  count: number;
}

/** The status widget's rows: hidden statuses dropped, labels applied, most first. */
// Our own English labels: compared without localeCompare, whose first call sets up an ICU collator
// (20 to 40 ms on the overview's first render).
const byLabel = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
};

export function statusRows(stats: readonly StatusCount[]): (StatusCount & { label: string })[] {
  return stats
    .filter((s) => !HIDDEN_FROM_STATUS_WIDGET.includes(s.status))
    .map((s) => ({ ...s, label: statusLabel(s.status) }))
    .sort((a, b) => b.count - a.count || byLabel(a.label, b.label));
}

/** The responded-leads bars, each a group of statuses. */
export const RESPONDED_GROUPS = [
  { label: 'Previous Interest', statuses: ['IN_PRIORITY_NURTURE'] },
  { label: 'Unserviceable', statuses: ['DO_NOT_CONTACT', 'UNSERVICEABLE', 'UNQUALIFIED'] },
  { label: 'Future Interest', statuses: ['FUTURE_INTEREST'] },
  { label: 'Contact Established', statuses: ['CONTACT_ESTABLISHED'] },
  { label: 'Transfer Incomplete', statuses: ['TRANSFER_INCOMPLETE'] },
  { label: 'No Agent Accepted', statuses: ['NO_AGENT_ACCEPT'] },
] as const;

/**
 * Lead progression's steps that lead to My Leads, as the statuses each step counts. The steps are cumulative
 * (a closed lead was assigned first), and a status list is what My Leads filters by (`status=A,B`), so the
 * widget's figure and the list it opens count the same leads (server/routes/interviews-api/lead-stats.ts).
 */
export const PROGRESSION_STEP_STATUSES = {
  assigned: ['ASSIGNED_TO_AGENT', 'CLOSED'],
  closed: ['CLOSED'],
} as const satisfies Record<string, readonly string[]>;

export interface GroupCount {
  label: string;
  statuses: readonly string[];
  count: number;
  percent: number;
}

/** Each group's count and its share of all grouped leads (percent of 100, unrounded). */
export function respondedGroups(stats: readonly StatusCount[]): GroupCount[] {
  const countOf = (statuses: readonly string[]) =>
    stats.filter((s) => statuses.includes(s.status)).reduce((sum, s) => sum + s.count, 0);
  const groups = RESPONDED_GROUPS.map((g) => ({ label: g.label, statuses: g.statuses, count: countOf(g.statuses) }));
  const total = groups.reduce((s, g) => s + g.count, 0);
  return groups.map((g) => ({ ...g, percent: total === 0 ? 0 : (100 * g.count) / total }));
}
