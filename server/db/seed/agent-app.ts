import type { Insertable } from 'kysely';

import type { NotificationType } from '../../../src/contract/notifications.ts';
import { personName } from '../../../src/lib/format.ts';
import { daysSinceSql, overduePredicate } from '../overdue.ts';
import { notificationCopy, type AgentNotificationsTable } from '../schema-agent-app.ts';
import type { SeedContext } from './core.ts';
import { insertMany } from './insert.ts';
import { createRandom, DAY_MS, type Random } from './random.ts';

const HOUR_MS = 3_600_000;
type Row = Insertable<AgentNotificationsTable>;
interface Ref {
  id: number;
  agent_id: number;
  brokerage_id: number;
  stage: string;
  prospect_first: string | null;
  prospect_last: string | null;
}

const nameOf = (r: Ref) => personName(r.prospect_first, r.prospect_last, 'A referral');

function row(r: Ref, type: NotificationType, sent: Date, days = 0): Row {
  const name = nameOf(r);
  return {
    agent_id: r.agent_id,
    brokerage_id: r.brokerage_id,
    type,
    referral_id: r.id,
    referral_name: name,
    ...notificationCopy(type, name, days),
    sent,
  };
}

/** A type that fits the referral's stage. */
function typeFor(rnd: Random, stage: string): NotificationType {
  if (stage === 'LONG_TERM_HOLD') return 'LONG_TERM_HOLD';
  if (stage === 'UNDER_CONTRACT') return 'UNDER_CONTRACT_1_DAY_PAST';
  if (stage === 'AWAITING_FOLLOWUP')
    return rnd.weighted({
      NEW_REFERRAL: 3,
      NEW_ACCEPTED_REFERRAL: 3,
      FORCE_ASSIGNED_REFERRAL: 1,
      OVERDUE_REFERRAL_REMINDER: 2,
    });
  return rnd.weighted({ OVERDUE_REFERRAL_REMINDER: 4, NEW_ACCEPTED_REFERRAL: 1, MISSED_REFERRAL: 1 });
}

/**
 * Agent notifications: overdue reminders for the demo agent's overdue referrals in the last 24 hours,
 * and for the Harbor Point and Maple & Main agents a mix of types in the last 24 hours and the past
 * six weeks (so the notifications menu and the my-notifications page have something to show).
 */
export async function seedAgentApp(ctx: SeedContext): Promise<void> {
  const { db, now, scale, ids } = ctx;
  const rnd = createRandom(6 * 20261122);
  const rows: Row[] = [];

  const demoRefs = await db
    .selectFrom('referrals as r')
    .select([
      'r.id',
      'r.agent_id',
      'r.brokerage_id',
      'r.stage',
      'r.prospect_first',
      'r.prospect_last',
      'r.created_at',
      overduePredicate('r', now).as('overdue'),
      daysSinceSql('r', now).as('days'),
    ])
    .where('r.agent_id', '=', ids.demoAgent)
    .orderBy('r.id')
    .execute();
  demoRefs
    .filter((r) => r.overdue)
    .forEach((r, i) => {
      rows.push(row(r, 'OVERDUE_REFERRAL_REMINDER', new Date(now.getTime() - (2 + 5 * i) * HOUR_MS), r.days));
      if (r.stage === 'UNDER_CONTRACT')
        rows.push(row(r, 'UNDER_CONTRACT_1_DAY_PAST', new Date(now.getTime() - 26 * HOUR_MS)));
    });
  for (const r of demoRefs) {
    if (r.stage === 'LONG_TERM_HOLD') rows.push(row(r, 'LONG_TERM_HOLD', new Date(now.getTime() - 14 * DAY_MS)));
    if (r.stage === 'AWAITING_FOLLOWUP' && !r.overdue)
      rows.push(row(r, 'NEW_ACCEPTED_REFERRAL', new Date(r.created_at.getTime() + 5 * 60_000)));
  }

  const plan = [
    { brokerage: ids.harborPoint, recent: 10, older: 40 },
    { brokerage: ids.mapleMain, recent: 6, older: 25 },
  ];
  for (const { brokerage, recent, older } of plan) {
    const refs = await db
      .selectFrom('referrals')
      .select(['id', 'agent_id', 'brokerage_id', 'stage', 'prospect_first', 'prospect_last'])
      .where('brokerage_id', '=', brokerage)
      .where('agent_id', '<>', ids.demoAgent)
      .where('stage', 'not in', ['CLOSED', 'LEASED', 'REMOVED'])
      .orderBy('id')
      .execute();
    if (refs.length === 0) continue;
    for (let i = 0; i < (recent + older) * scale; i++) {
      const r = rnd.pick(refs);
      // The first `recent` of each batch fall in the last 23 hours, the rest over the six weeks before.
      const ago =
        i % (recent + older) < recent ? rnd.int(5, 23 * 60) * 60_000 : rnd.int(1, 42) * DAY_MS + rnd.int(0, DAY_MS - 1);
      rows.push(row(r, typeFor(rnd, r.stage), new Date(now.getTime() - ago), rnd.int(8, 30)));
    }
  }
  await insertMany(db, 'agent_notifications', rows);
}
