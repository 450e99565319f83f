import { sql, type RawBuilder } from 'kysely';

// The overdue rule (spec 2 section 4): more than 7 days since the last update for an open
// stage; an UNDER_CONTRACT referral more than 1 day past its date of sale.
export const OVERDUE_AFTER_DAYS = 7;
export const UNDER_CONTRACT_OVERDUE_AFTER_DAYS = 1;
export const CLOSED_STAGES = ['REMOVED', 'CLOSED', 'LONG_TERM_HOLD', 'UNDER_CONTRACT', 'LEASED'] as const;

/** SQL predicate over a referrals row aliased `alias`, evaluated at `now`. */
export function overduePredicate(alias: string, now: Date): RawBuilder<boolean> {
  const r = sql.ref(alias);
  return sql<boolean>`(
    (${r}.stage not in ('REMOVED', 'CLOSED', 'LONG_TERM_HOLD', 'UNDER_CONTRACT', 'LEASED')
      and ${r}.updated_at < ${now}::timestamptz - interval '${sql.raw(String(OVERDUE_AFTER_DAYS))} days')
    or (${r}.stage = 'UNDER_CONTRACT' and ${r}.date_of_sale is not null
      and ${r}.date_of_sale::timestamptz < ${now}::timestamptz - interval '${sql.raw(String(UNDER_CONTRACT_OVERDUE_AFTER_DAYS))} day')
  )`;
}

/** Whole days overdue counted from the last update (or the date of sale when under contract). */
export function daysSinceSql(alias: string, now: Date): RawBuilder<number> {
  const r = sql.ref(alias);
  return sql<number>`floor(extract(epoch from (${now}::timestamptz - case when ${r}.stage = 'UNDER_CONTRACT'
    then ${r}.date_of_sale::timestamptz else ${r}.updated_at end)) / 86400)::int`;
}
