// The overdue rule (spec 2 section 4), the same as server/db/overdue.ts computes in SQL.
export const OVERDUE_AFTER_DAYS = 7;
export const UNDER_CONTRACT_OVERDUE_AFTER_DAYS = 1;
const NEVER_OVERDUE = new Set(['REMOVED', 'CLOSED', 'LONG_TERM_HOLD', 'UNDER_CONTRACT', 'LEASED']);
const DAY_MS = 86_400_000;

export interface OverdueInput {
  stage: string;
  updated: string | Date;
  dateOfSale?: string | null | undefined;
}

/** Whole days overdue, or 0 when the referral is not overdue. */
export function daysOverdue(referral: OverdueInput, now: Date): number {
  if (referral.stage === 'UNDER_CONTRACT') {
    if (!referral.dateOfSale) return 0;
    const sinceSaleMs = now.getTime() - new Date(referral.dateOfSale).getTime();
    return sinceSaleMs > UNDER_CONTRACT_OVERDUE_AFTER_DAYS * DAY_MS ? Math.floor(sinceSaleMs / DAY_MS) : 0;
  }
  if (NEVER_OVERDUE.has(referral.stage)) return 0;
  const ageMs = now.getTime() - new Date(referral.updated).getTime();
  return ageMs > OVERDUE_AFTER_DAYS * DAY_MS ? Math.floor(ageMs / DAY_MS) : 0;
}

export const isOverdue = (referral: OverdueInput, now: Date): boolean => daysOverdue(referral, now) > 0;

/** "1 day" / "3 days" */
export const daysText = (n: number): string => `${n} ${n === 1 ? 'day' : 'days'}`;
