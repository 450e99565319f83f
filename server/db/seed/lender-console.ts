import type { Insertable } from 'kysely';

import type { LenderStep } from '../../../src/lib/lender-steps.ts';
import type { LenderReferralEventsTable } from '../schema-lender-console.ts';
import type { SeedContext } from './core.ts';
import { insertMany } from './insert.ts';
import { createRandom, DAY_MS, type Random } from './random.ts';

// The lender console's demo data: every opportunity the pipeline seed transferred to a
// lender (TRANSFERRED_TO_LENDER and ..._INCOMPLETE, about 45 at scale 1) becomes a lender referral,
// three in four for Summit Home Loans (lender@demo.test), the rest for Keystone Mortgage, in every
// lender step, with their history and a few notes. Deterministic: a fixed seed, dates from ctx.now.

const HOUR_MS = 3_600_000;
const PATH: LenderStep[] = ['RECEIVED', 'CONTACTED', 'PRE_APPROVED', 'APPLICATION', 'UNDERWRITING', 'CLOSED'];
/** The newest referrals of an office, so every step shows on a fresh demo whatever the draw. */
const NEWEST: LenderStep[] = [
  'RECEIVED',
  'RECEIVED',
  'CONTACTED',
  'PRE_APPROVED',
  'APPLICATION',
  'UNDERWRITING',
  'LOST',
];
const NOTES = [
  'Left a voicemail and sent an intro email.',
  'Buyer wants a 30-year fixed; sent rate sheet.',
  'Pre-approval letter sent to the agent.',
  'Waiting on two months of bank statements.',
  'Appraisal ordered.',
];
const LOST = ['Unresponsive', 'Chose another lender', 'Did not qualify', 'No longer buying', 'Paying cash'];

function stepFor(rnd: Random, ageDays: number): LenderStep {
  if (ageDays < 30) return rnd.weighted({ RECEIVED: 3, CONTACTED: 3, PRE_APPROVED: 2, APPLICATION: 1, LOST: 1 });
  if (ageDays < 90)
    return rnd.weighted({ CONTACTED: 1, PRE_APPROVED: 2, APPLICATION: 2, UNDERWRITING: 2, CLOSED: 3, LOST: 2 });
  return rnd.weighted({ PRE_APPROVED: 1, CLOSED: 5, LOST: 3 });
}

export async function seedLenderConsole(ctx: SeedContext): Promise<void> {
  const { db, now, ids } = ctx;
  const rnd = createRandom(13 * 20261122);
  const transferred = await db
    .selectFrom('opportunities')
    .select(['id', 'brokerage_id', 'created_at'])
    .where('status', 'in', ['TRANSFERRED_TO_LENDER', 'TRANSFERRED_TO_LENDER_INCOMPLETE'])
    .orderBy('id')
    .execute();
  const officers = await db.selectFrom('loan_officers').select(['id', 'loan_office_id']).orderBy('id').execute();
  const officersOf = (office: number) => officers.filter((o) => o.loan_office_id === office).map((o) => o.id);
  const actor = ids.users['lender@demo.test'] ?? null;

  const planned = transferred.map((op) => {
    const office = rnd.next() < 0.75 ? ids.summit : ids.keystone;
    const received = new Date(Math.min(now.getTime() - HOUR_MS, op.created_at.getTime() + rnd.int(1, 48) * HOUR_MS));
    const agents = ids.agentsByBrokerage[op.brokerage_id] ?? [];
    return { op, office, received, agent: agents.length > 0 && rnd.chance(0.85) ? rnd.pick(agents) : null };
  });
  // Steps: the newest of each office take NEWEST in turn; the rest are drawn by age.
  const steps = new Map<number, LenderStep>();
  for (const office of [ids.summit, ids.keystone]) {
    const own = planned.filter((p) => p.office === office).sort((a, b) => b.received.getTime() - a.received.getTime());
    own.forEach((p, i) =>
      steps.set(p.op.id, NEWEST[i] ?? stepFor(rnd, (now.getTime() - p.received.getTime()) / DAY_MS)),
    );
    const oldest = own[own.length - 1];
    if (oldest && !own.some((p) => steps.get(p.op.id) === 'CLOSED')) steps.set(oldest.op.id, 'CLOSED');
  }

  const rows = planned.map((p) => {
    const status = steps.get(p.op.id) ?? 'RECEIVED';
    const span = now.getTime() - p.received.getTime();
    const contacted =
      status === 'RECEIVED' ? null : new Date(p.received.getTime() + Math.min(span / 4, rnd.int(1, 72) * HOUR_MS));
    const end =
      status === 'RECEIVED'
        ? p.received
        : new Date(
            (contacted?.getTime() ?? p.received.getTime()) +
              Math.floor(rnd.next() * (now.getTime() - (contacted?.getTime() ?? 0)) * 0.8),
          );
    const pool = officersOf(p.office);
    const officer = pool.length > 0 && (status !== 'RECEIVED' || rnd.chance(0.5)) ? rnd.pick(pool) : null;
    return {
      status,
      contacted,
      end,
      officer,
      row: {
        loan_office_id: p.office,
        opportunity_id: p.op.id,
        brokerage_id: p.op.brokerage_id,
        agent_id: p.agent,
        loan_officer_id: officer,
        status,
        loan_amount_cents: ['RECEIVED', 'CONTACTED'].includes(status) ? null : rnd.int(150, 900) * 1000_00,
        lost_reason: status === 'LOST' ? rnd.pick(LOST) : null,
        received_at: p.received,
        first_contact_at: contacted,
        closed_at: status === 'CLOSED' ? end : null,
        updated_at: end,
      },
    };
  });
  const referralIds = await insertMany(
    db,
    'lender_referrals',
    rows.map((r) => r.row),
  );

  // History: received, assigned, then every step walked to the current one, spaced evenly.
  const events = rows.flatMap((r, i) => {
    const id = referralIds[i]!;
    const base = { lender_referral_id: id, loan_officer_id: r.officer };
    const out: Insertable<LenderReferralEventsTable>[] = [
      { ...base, type: 'RECEIVED', to_status: 'RECEIVED', loan_officer_id: null, created_at: r.row.received_at },
    ];
    if (r.officer !== null)
      out.push({
        ...base,
        type: 'ASSIGNED',
        actor_user_id: actor,
        created_at: new Date(r.row.received_at.getTime() + HOUR_MS / 2),
      });
    if (!r.contacted) return out;
    const walk =
      r.status === 'LOST'
        ? [...PATH.slice(1, 1 + rnd.int(0, 2)), 'LOST' as const]
        : PATH.slice(1, PATH.indexOf(r.status) + 1);
    const start = r.contacted.getTime();
    const gap = walk.length > 1 ? (r.end.getTime() - start) / (walk.length - 1) : 0;
    let from: string = 'RECEIVED';
    walk.forEach((to, k) => {
      out.push({
        ...base,
        type: 'STATUS_CHANGED',
        from_status: from,
        to_status: to,
        actor_user_id: actor,
        detail: to === 'LOST' ? r.row.lost_reason : null,
        created_at: new Date(start + gap * k),
      });
      from = to;
    });
    return out;
  });
  await insertMany(db, 'lender_referral_events', events);

  const notes = rows.flatMap((r, i) =>
    r.status !== 'RECEIVED' && rnd.chance(0.4)
      ? [
          {
            lender_referral_id: referralIds[i]!,
            author_user_id: actor,
            body: rnd.pick(NOTES),
            created_at: new Date((r.contacted ?? r.row.received_at).getTime() + HOUR_MS),
          },
        ]
      : [],
  );
  await insertMany(db, 'lender_referral_notes', notes);
}
