import { sql, type RawBuilder } from 'kysely';

import { REFERRAL_STAGES } from '../../../src/contract/brokerages.ts';
import { CLOSED_STAGES, OVERDUE_AFTER_DAYS, UNDER_CONTRACT_OVERDUE_AFTER_DAYS } from '../../db/overdue.ts';

/*
 * server/db/overdue.ts's rule split into its two branches for counting many referrals at once.
 * overduePredicate computes `now - interval` on every row and its `stage not in` cannot use an
 * index: over 20,000 referrals that costs tens of milliseconds in PGlite. Here each cut-off is a
 * one-row subquery (evaluated once) and each branch narrows by stage, so counts run as index-only
 * scans. tests/api/dashboard.test.ts checks these agree with overduePredicate row for row.
 */

/** Stages that become overdue after OVERDUE_AFTER_DAYS without an update. */
export const IDLE_OVERDUE_STAGES = REFERRAL_STAGES.filter((s) => !(CLOSED_STAGES as readonly string[]).includes(s));

const stageList = (stages: readonly string[]) => sql.join(stages.map((s) => sql.lit(s)));

/** The idle branch's cut-off: a one-row subquery, evaluated once. */
const idleCutoff = (now: Date) =>
  sql`(select ${now}::timestamptz - interval '${sql.raw(String(OVERDUE_AFTER_DAYS))} days')`;

/** A referral in a stage that can idle into overdue (literal stages, so a generic plan still matches a partial index). */
export const idleStageSql = (alias: string): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(alias)}.stage in (${stageList(IDLE_OVERDUE_STAGES)})`;

/** Open referral not updated for more than OVERDUE_AFTER_DAYS. */
export function idleOverdueSql(alias: string, now: Date): RawBuilder<boolean> {
  return sql<boolean>`(${idleStageSql(alias)} and ${sql.ref(alias)}.updated_at < ${idleCutoff(now)})`;
}

/**
 * The complement within the idle stages: updated since the cut-off. The kept open counts (migrations
 * 028 and 054) minus these are the idle branch, counted from a short recent range of
 * referrals_idle_since_idx instead of every open referral.
 */
export function idleRecentSql(alias: string, now: Date): RawBuilder<boolean> {
  return sql<boolean>`(${idleStageSql(alias)} and ${sql.ref(alias)}.updated_at >= ${idleCutoff(now)})`;
}

/**
 * UNDER_CONTRACT referral more than UNDER_CONTRACT_OVERDUE_AFTER_DAYS past its date of sale. The rule's
 * `date_of_sale::timestamptz < cut-off` is written as a bound on the date itself, so it is a range of
 * referrals_sale_since_idx and not a filter over every sale of the brokerage: a date's midnight lies
 * before the cut-off exactly when the date is at most the date of the cut-off's last microsecond, in
 * the session's time zone as the cast reads it.
 */
export function saleOverdueSql(alias: string, now: Date): RawBuilder<boolean> {
  const r = sql.ref(alias);
  return sql<boolean>`(${r}.stage = 'UNDER_CONTRACT' and ${r}.date_of_sale is not null
    and ${r}.date_of_sale <= (select ((${now}::timestamptz - interval '${sql.raw(String(UNDER_CONTRACT_OVERDUE_AFTER_DAYS))} day'
      - interval '1 microsecond') at time zone current_setting('TimeZone'))::date))`;
}

/** The whole rule: equivalent to overduePredicate(alias, now). */
export const overdueSql = (alias: string, now: Date): RawBuilder<boolean> =>
  sql<boolean>`(${idleOverdueSql(alias, now)} or ${saleOverdueSql(alias, now)})`;
