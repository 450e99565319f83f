// Referral summary of spec 2 section 9: shares of the active, closed and removed referrals.

export interface SummaryInput {
  activeReferrals: number;
  closed: number;
  removed: number;
  shownHomes: number;
  offersMade: number;
  underContract: number;
}

export interface SummaryRow {
  label: string;
  percent: string;
}

/** part / whole as a percentage with 2 decimals; 0.00% when there is nothing to divide by. */
export function percentOf(part: number, whole: number): string {
  if (!Number.isFinite(whole) || whole <= 0 || !Number.isFinite(part)) return '0.00%';
  return `${((100 * part) / whole).toFixed(2)}%`;
}

export const SUMMARY_LABELS = ['Met & Showed', 'Made Offer', 'Under Contract', 'Closed'] as const;

/** The four rows; without stats (a failed load) every row reads 0.00%. */
export function referralSummary(s: SummaryInput | null | undefined): SummaryRow[] {
  if (!s) return SUMMARY_LABELS.map((label) => ({ label, percent: '0.00%' }));
  const d = s.activeReferrals + s.closed + s.removed;
  const parts = [
    s.shownHomes + s.offersMade + s.underContract + s.closed,
    s.offersMade + s.underContract + s.closed,
    s.underContract + s.closed,
    s.closed,
  ];
  return SUMMARY_LABELS.map((label, i) => ({ label, percent: percentOf(parts[i] ?? 0, d) }));
}
