import { sql } from 'kysely';

import type { SeedContext } from './core.ts';
import { insertMany, insertRows } from './insert.ts';
import { createRandom, DAY_MS, FIRST_NAMES, LAST_NAMES, type Random } from './random.ts';

type Stage =
  | 'AWAITING_FOLLOWUP'
  | 'SPOKEN_WITH'
  | 'SHOWN_HOMES'
  | 'MET_WITH_SELLER'
  | 'OFFER_MADE'
  | 'LISTED_HOME'
  | 'UNDER_CONTRACT'
  | 'CLOSED'
  | 'LEASED'
  | 'LONG_TERM_HOLD'
  | 'REMOVED';

const REMOVAL_REASONS = [
  'Became unresponsive',
  'No longer buying / selling',
  'Mortgage / Funding issues',
  'Working with another agent',
  "Couldn't find home in budget",
  'Outside my area',
  'Duplicate referral',
  'Language barrier',
  'I am no longer with brokerage',
  'Transaction with an iBuyer',
];
const WEBSITES = ['zillow.com', 'realtor.com', 'homes.com', 'facebook.com', 'google.com', 'harborpoint.example', null];
// A client type that fits the lead's type: a seller is never a first-time or repeat buyer.
const CLIENT_TYPES: Record<'BUYER' | 'SELLER', readonly string[]> = {
  BUYER: ['FIRST_TIME_BUYER', 'REPEAT_BUYER', 'INVESTOR', 'RELOCATION'],
  SELLER: ['HOME_OWNER', 'INVESTOR', 'RELOCATION'],
};

function stageFor(rnd: Random, type: 'BUYER' | 'SELLER' | 'RENTAL'): Stage {
  if (type === 'RENTAL')
    return rnd.weighted({
      AWAITING_FOLLOWUP: 3,
      SPOKEN_WITH: 3,
      SHOWN_HOMES: 2,
      LEASED: 3,
      REMOVED: 2,
      LONG_TERM_HOLD: 1,
    });
  if (type === 'SELLER')
    return rnd.weighted({
      AWAITING_FOLLOWUP: 4,
      SPOKEN_WITH: 4,
      MET_WITH_SELLER: 3,
      LISTED_HOME: 3,
      OFFER_MADE: 1,
      UNDER_CONTRACT: 2,
      CLOSED: 3,
      REMOVED: 4,
      LONG_TERM_HOLD: 2,
    });
  return rnd.weighted({
    AWAITING_FOLLOWUP: 4,
    SPOKEN_WITH: 4,
    SHOWN_HOMES: 3,
    OFFER_MADE: 2,
    UNDER_CONTRACT: 2,
    CLOSED: 3,
    REMOVED: 4,
    LONG_TERM_HOLD: 2,
  });
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The ZIP prefix of Harbor Point, Maple & Main and Cedar Ridge, in that order (leads and agents' coverage). */
export const ZIP_PREFIXES = ['041', '537', '837'];

/**
 * A lead's columns that follow from its id, as the later seeders' rows make them: its ZIP (one of its
 * brokerage's, from the id); its call and text counts, which are its logged interactions (seedStaff
 * logs 1 + id % 3 of them, the g-th a call when (id + g) % 3 = 0, a text when it is 1, at created + 5 h
 * x g but never after now); "updated", never older than its newest interaction (its note, at created
 * + 2 h, is never the newest). tests/api/seed-consistency.test.ts checks the counts and times against
 * the rows.
 */
function derivedFromId(
  id: number,
  zipPrefix: string | null,
  o: { created_at: Date; updated_at: Date },
  now: Date,
): { zip: string | null; phone_count: number; sms_count: number; updated_at: Date } {
  const logged = 1 + (id % 3);
  let calls = 0;
  let texts = 0;
  for (let g = 1; g <= logged; g++) {
    if ((id + g) % 3 === 0) calls++;
    if ((id + g) % 3 === 1) texts++;
  }
  const newest = Math.min(o.created_at.getTime() + logged * 5 * 3600_000, now.getTime());
  return {
    zip: zipPrefix === null ? null : `${zipPrefix}${String(1 + ((id * 37) % 99)).padStart(2, '0')}`,
    phone_count: calls,
    sms_count: texts,
    updated_at: new Date(Math.max(o.updated_at.getTime(), newest)),
  };
}

/**
 * About 1,500 opportunities (leads) over the last 12 months for the two active brokerages and
 * about 600 referrals from the assigned ones, in every stage: some overdue, some under
 * contract past their sale date. Dates are relative to `now` so the dashboards look alive.
 */
export async function seedPipeline(ctx: SeedContext): Promise<void> {
  const { db, now, scale, ids } = ctx;
  const rnd = createRandom(7 * 20261122);
  const plan = [
    { brokerage: ids.harborPoint, count: 1000, leadGenius: true },
    { brokerage: ids.mapleMain, count: 500, leadGenius: false },
  ];
  for (const { brokerage, count, leadGenius } of plan) {
    const agents = (ids.agentsByBrokerage[brokerage] ?? []).filter((a) => a !== ids.demoAgent);
    const opportunities = Array.from({ length: count * scale }, () => {
      const created = new Date(now.getTime() - rnd.int(0, 364) * DAY_MS - rnd.int(0, DAY_MS - 1));
      const product = leadGenius && rnd.chance(0.6) ? 'LEAD_GENIUS' : 'PORCHLIGHT';
      const status = rnd.weighted({
        ASSIGNED_TO_AGENT: 34,
        CLOSED: 6,
        CONTACT_NOT_ESTABLISHED: 14,
        CONTACT_ESTABLISHED: 8,
        FUTURE_INTEREST: 7,
        IN_PRIORITY_NURTURE: 5,
        UNSERVICEABLE: 4,
        DO_NOT_CONTACT: 3,
        UNQUALIFIED: 4,
        NO_AGENT_ACCEPT: 3,
        TRANSFER_INCOMPLETE: 3,
        REMOVED_ASSIGNMENT_TO_AGENT: 3,
        TRANSFERRED_TO_LENDER: 2,
        TRANSFERRED_TO_IBUYER: 1,
        TRANSFERRED_TO_LENDER_INCOMPLETE: 1,
      });
      const assigned = status === 'ASSIGNED_TO_AGENT' || status === 'CLOSED';
      const responded = status !== 'CONTACT_NOT_ESTABLISHED';
      const first = rnd.chance(0.02) ? null : rnd.pick(FIRST_NAMES);
      const last = first === null ? null : rnd.pick(LAST_NAMES);
      let type: 'BUYER' | 'SELLER' = 'BUYER';
      const assignedAt = assigned
        ? new Date(Math.min(now.getTime() - 3600_000, created.getTime() + rnd.int(1, 72) * 3600_000))
        : null;
      return {
        brokerage_id: brokerage,
        agent_id: assigned && agents.length > 0 ? rnd.pick(agents) : null,
        supplier_id: product === 'LEAD_GENIUS' ? rnd.pick(ids.suppliers) : null,
        product,
        lead_type: rnd.chance(0.7) ? 'NEW' : 'AGED',
        type: (type = rnd.chance(0.55) ? 'BUYER' : 'SELLER'),
        client_type: rnd.chance(0.9) ? rnd.pick(CLIENT_TYPES[type]) : null,
        status,
        contact_first: first,
        contact_last: last,
        contact_phone: `+1555${rnd.int(2000000, 9999999)}`,
        contact_email: first ? `${first}.${last}${rnd.int(1, 999)}@mail.example`.toLowerCase() : null,
        cosigner_first: rnd.chance(0.1) ? rnd.pick(FIRST_NAMES) : null,
        cosigner_last: null as string | null,
        // Drawn to keep the seeded stream as it was; the counts written are the logged ones (derivedFromId).
        phone_count: rnd.int(0, 12),
        sms_count: rnd.int(0, 20),
        referring_website: rnd.pick(WEBSITES),
        responded,
        qualified: responded && rnd.chance(0.6),
        created_at: created,
        assigned_at: assignedAt,
        updated_at: assignedAt ?? created,
      };
    });
    // The ids the leads get, taken from the sequence up front: what the later seeders derive from a
    // lead's id (its ZIP, its interactions' counts and times) is written with the lead, in one pass,
    // where an insert and three updates of every lead were (each update rewrote the table at 1,000x).
    const first = Number(
      (await sql<{ id: string }>`select nextval('opportunities_id_seq') as id`.execute(db)).rows[0]!.id,
    );
    const oppIds = opportunities.map((_, i) => first + i);
    await sql`select setval('opportunities_id_seq', ${first + opportunities.length - 1})`.execute(db);
    const zipPrefix = ZIP_PREFIXES[[ids.harborPoint, ids.mapleMain, ids.cedarRidge].indexOf(brokerage)] ?? null;
    await insertRows(
      db,
      'opportunities',
      opportunities.map((o, i) => ({ id: oppIds[i]!, ...o, ...derivedFromId(oppIds[i]!, zipPrefix, o, now) })),
    );

    const referrals = opportunities.flatMap((o, i) => {
      if (!o.assigned_at || o.agent_id === null) return [];
      const type = rnd.chance(0.08) ? ('RENTAL' as const) : (o.type as 'BUYER' | 'SELLER');
      const stage = o.status === 'CLOSED' ? (type === 'RENTAL' ? 'LEASED' : 'CLOSED') : stageFor(rnd, type);
      return [
        referralRow(rnd, now, {
          agentId: o.agent_id,
          brokerageId: brokerage,
          opportunityId: oppIds[i]!,
          product: o.product,
          type,
          stage,
          created: o.assigned_at,
          first: o.contact_first,
          last: o.contact_last,
          phone: o.contact_phone,
          email: o.contact_email,
        }),
      ];
    });
    await insertMany(db, 'referrals', referrals);
  }

  // The demo agent: a handful of referrals in every state, three of them overdue.
  const demo: { stage: Stage; type: 'BUYER' | 'SELLER' | 'RENTAL'; ageDays: number; idleDays: number }[] = [
    { stage: 'AWAITING_FOLLOWUP', type: 'BUYER', ageDays: 20, idleDays: 12 },
    { stage: 'SPOKEN_WITH', type: 'SELLER', ageDays: 30, idleDays: 9 },
    { stage: 'UNDER_CONTRACT', type: 'BUYER', ageDays: 60, idleDays: 2 },
    { stage: 'SHOWN_HOMES', type: 'BUYER', ageDays: 15, idleDays: 2 },
    { stage: 'AWAITING_FOLLOWUP', type: 'SELLER', ageDays: 1, idleDays: 0 },
    { stage: 'LISTED_HOME', type: 'SELLER', ageDays: 45, idleDays: 4 },
    { stage: 'OFFER_MADE', type: 'BUYER', ageDays: 25, idleDays: 1 },
    { stage: 'CLOSED', type: 'SELLER', ageDays: 120, idleDays: 30 },
    { stage: 'SPOKEN_WITH', type: 'RENTAL', ageDays: 10, idleDays: 3 },
    { stage: 'LONG_TERM_HOLD', type: 'BUYER', ageDays: 90, idleDays: 40 },
  ];
  await insertMany(
    db,
    'referrals',
    demo.map((d, i) => {
      const row = referralRow(rnd, now, {
        agentId: ids.demoAgent,
        brokerageId: ids.harborPoint,
        opportunityId: null,
        product: 'PORCHLIGHT',
        type: d.type,
        stage: d.stage,
        created: new Date(now.getTime() - d.ageDays * DAY_MS),
        first: FIRST_NAMES[i]!,
        last: LAST_NAMES[i]!,
        phone: `+1555020${String(i).padStart(4, '0')}`,
        email: `${FIRST_NAMES[i]}.${LAST_NAMES[i]}@mail.example`.toLowerCase(),
      });
      const updated = new Date(now.getTime() - d.idleDays * DAY_MS - 3600_000);
      // The under-contract one is 3 days past its sale date, so it is overdue too.
      return {
        ...row,
        updated_at: updated,
        ...(d.stage === 'UNDER_CONTRACT' ? { date_of_sale: iso(new Date(now.getTime() - 3 * DAY_MS)) } : {}),
      };
    }),
  );

  // A history for every referral: its creation and the move to its current stage.
  await sql`insert into referral_events (referral_id, type, from_stage, to_stage, created_at)
    select id, 'CREATED', null, 'AWAITING_FOLLOWUP', created_at from referrals`.execute(db);
  await sql`insert into referral_events (referral_id, type, from_stage, to_stage, detail, created_at)
    select id, 'STAGE_CHANGED', 'AWAITING_FOLLOWUP', stage, removal_reason, updated_at from referrals
    where stage <> 'AWAITING_FOLLOWUP'`.execute(db);
}

interface ReferralSeed {
  agentId: number;
  brokerageId: number;
  opportunityId: number | null;
  product: string;
  type: 'BUYER' | 'SELLER' | 'RENTAL';
  stage: Stage;
  created: Date;
  first: string | null;
  last: string | null;
  phone: string | null;
  email: string | null;
}

function referralRow(rnd: Random, now: Date, r: ReferralSeed) {
  const age = now.getTime() - r.created.getTime();
  const updated = new Date(r.created.getTime() + Math.floor(rnd.next() * age));
  const price = r.type === 'RENTAL' ? rnd.int(12, 60) * 100_00 : rnd.int(150, 1800) * 1000_00;
  const sold = r.stage === 'CLOSED' || r.stage === 'LEASED';
  const underContract = r.stage === 'UNDER_CONTRACT';
  // Under-contract sale dates straddle today: some are still ahead, some have passed.
  const saleDate = sold ? updated : underContract ? new Date(now.getTime() + rnd.int(-20, 40) * DAY_MS) : null;
  return {
    agent_id: r.agentId,
    brokerage_id: r.brokerageId,
    opportunity_id: r.opportunityId,
    product: r.product,
    type: r.type,
    stage: r.stage,
    prospect_first: r.first,
    prospect_last: r.last,
    prospect_phone: r.phone,
    prospect_email: r.email,
    price_cents: price,
    date_of_sale: saleDate ? iso(saleDate) : null,
    sale_price_cents: sold ? Math.round(price * (0.95 + rnd.next() * 0.1)) : null,
    removal_reason: r.stage === 'REMOVED' ? rnd.pick(REMOVAL_REASONS) : null,
    first_response_at: rnd.chance(0.85) ? new Date(r.created.getTime() + rnd.int(60, 3 * 86400) * 1000) : null,
    created_at: r.created,
    updated_at: updated,
  };
}
