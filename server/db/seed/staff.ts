import { sql } from 'kysely';

import type { SeedContext } from './core.ts';
import { insertMany } from './insert.ts';
import { ZIP_PREFIXES } from './pipeline.ts';
import { createRandom, DAY_MS, FIRST_NAMES, LAST_NAMES } from './random.ts';

// Staff console demo rows: ~300 do-not-call contacts (owner types mixed), hold reasons, dispositions,
// notes, coverage areas, and a few interactions per opportunity (insert-select, cheap at any scale).

const AREA_CODES = ['207', '608', '208', '212', '312', '415', '512', '617', '702', '813'];
const DOMAINS = ['mail.example', 'inbox.example', 'post.example'];
const DISPOSITIONS = [
  'Requested no contact',
  'Wrong number',
  'Opted out (STOP reply)',
  'Litigator',
  'Complaint',
  'National DNC registry',
];
const HOLD_REASONS = [
  'Compliance review',
  'Complaint under investigation',
  'License expired',
  'Missing E&O insurance',
  'Payment past due',
  'Requested by brokerage',
];
const CALL_DISPOSITIONS: Record<string, string[]> = {
  CONTACTED: ['Appointment set', 'Spoke with lead', 'Transferred to agent'],
  NOT_CONTACTED: ['Busy', 'Left voicemail', 'No answer', 'Wrong number'],
  DO_NOT_CONTACT: ['Litigator', 'Requested no contact'],
  QUALIFICATION: ['Future interest', 'Not qualified', 'Qualified'],
};
// Coverage ZIPs near each brokerage (Portland ME, Madison WI, Boise ID).

interface DncRow {
  type: 'PHONE' | 'EMAIL';
  value: string;
  owner_type: string;
  channel: string;
  disposition: string | null;
  blocked: boolean;
  created: Date;
}

async function seedDnc({ db, now, scale }: SeedContext, rnd: ReturnType<typeof createRandom>) {
  const seen = new Set<string>();
  const rows: DncRow[] = [
    // Fixed rows the end-to-end tests search for.
    {
      type: 'PHONE',
      value: '+15555550100',
      owner_type: 'PORCHLIGHT',
      channel: 'VOICE',
      disposition: 'Requested no contact',
      blocked: true,
      created: new Date(now.getTime() - 2 * DAY_MS),
    },
    {
      type: 'EMAIL',
      value: 'do.not.call@mail.example',
      owner_type: 'LEAD_GENIUS',
      channel: 'EMAIL',
      disposition: 'Opted out (STOP reply)',
      blocked: false,
      created: new Date(now.getTime() - 3 * DAY_MS),
    },
  ];
  for (const r of rows) seen.add(r.value);
  while (rows.length < 300 * scale) {
    const phone = rnd.chance(0.7);
    const first = rnd.pick(FIRST_NAMES);
    const value = phone
      ? `+1${rnd.pick(AREA_CODES)}${String(rnd.int(2000000, 9999999))}`
      : `${first}.${rnd.pick(LAST_NAMES)}${rnd.int(1, 99)}@${rnd.pick(DOMAINS)}`.toLowerCase();
    if (seen.has(value)) continue;
    seen.add(value);
    rows.push({
      type: phone ? 'PHONE' : 'EMAIL',
      value,
      owner_type: rnd.chance(0.6) ? 'PORCHLIGHT' : 'LEAD_GENIUS',
      channel: phone ? rnd.pick(['SMS', 'VOICE', 'WEB_FORM']) : 'EMAIL',
      disposition: rnd.chance(0.9) ? rnd.pick(DISPOSITIONS) : null,
      blocked: rnd.chance(0.35),
      created: new Date(now.getTime() - rnd.int(4, 365) * DAY_MS - rnd.int(0, DAY_MS - 1)),
    });
  }
  // Oldest first, so ids follow the time received (the list is ordered by id, newest first).
  rows.sort((a, b) => a.created.getTime() - b.created.getTime());
  await insertMany(db, 'dnc_contacts', rows);
}

export async function seedStaff(ctx: SeedContext): Promise<void> {
  const { db, now, ids } = ctx;
  const rnd = createRandom(5 * 20261122);
  await seedDnc(ctx, rnd);

  const reasons = await insertMany(
    db,
    'admin_hold_reasons',
    HOLD_REASONS.map((name) => ({ name })),
  );
  const held = await db.selectFrom('agents').select('id').where('status', '=', 'ADMIN_HOLD').orderBy('id').execute();
  await insertMany(
    db,
    'agent_admin_holds',
    held.map((a, i) => ({
      agent_id: a.id,
      reason_id: reasons[i % reasons.length]!,
      status_before: 'ACTIVE',
      created_by: ids.users['admin@demo.test'] ?? null,
      created_at: new Date(now.getTime() - rnd.int(1, 60) * DAY_MS),
    })),
  );

  await insertMany(
    db,
    'dispositions',
    Object.entries(CALL_DISPOSITIONS).flatMap(([category, names]) => names.map((name) => ({ category, name }))),
  );

  const staffAuthors = [
    ids.users['admin@demo.test'],
    ids.users['engagement@demo.test'],
    ids.users['manager@demo.test'],
  ].filter((x): x is number => x !== undefined);
  const brokerNotes = [
    'Quarterly business review booked.',
    'Asked about the IRIS add-on pricing.',
    'Agent roster update sent by the office manager.',
    "Paused at the brokerage's request pending a contract renewal.",
  ];
  await insertMany(
    db,
    'broker_notes',
    [ids.harborPoint, ids.mapleMain, ids.cedarRidge].flatMap((brokerage, b) =>
      [0, 1, 2].map((n) => ({
        brokerage_id: brokerage,
        author_user_id: rnd.pick(staffAuthors),
        body: brokerNotes[(b + n) % brokerNotes.length]!,
        created_at: new Date(now.getTime() - (n * 20 + rnd.int(1, 15)) * DAY_MS),
      })),
    ),
  );

  const agents = Object.entries(ids.agentsByBrokerage).flatMap(([brokerage, list]) =>
    list.map((id) => ({ id, brokerage: Number(brokerage) })),
  );
  const agentNotes = [
    'Completed onboarding call.',
    'Prefers text over calls.',
    'Slow to update referrals; reminded about the 7-day rule.',
    'Strong closer in the north suburbs.',
  ];
  await insertMany(
    db,
    'agent_notes',
    agents
      .filter((_, i) => i % 4 === 0)
      .map((a, i) => ({
        agent_id: a.id,
        author_user_id: rnd.pick(staffAuthors),
        body: agentNotes[i % agentNotes.length]!,
        created_at: new Date(now.getTime() - rnd.int(1, 120) * DAY_MS),
      })),
  );

  const brokerageIndex = [ids.harborPoint, ids.mapleMain, ids.cedarRidge];
  await insertMany(
    db,
    'agent_coverage_areas',
    agents.flatMap((a) => {
      const prefix = ZIP_PREFIXES[Math.max(0, brokerageIndex.indexOf(a.brokerage))]!;
      const zips = [
        ...new Set(Array.from({ length: rnd.int(1, 3) }, () => `${prefix}${String(rnd.int(1, 99)).padStart(2, '0')}`)),
      ];
      return zips.map((zip) => ({
        agent_id: a.id,
        zip,
        created_at: new Date(now.getTime() - rnd.int(30, 400) * DAY_MS),
      }));
    }),
  );

  // One to three interactions per opportunity, derived from its id (deterministic, one statement).
  const csr = ids.users['csr@demo.test'] ?? null;
  await sql`insert into interactions (opportunity_id, type, direction, disposition_id, user_id, duration_seconds, summary, created_at)
    select o.id, (array['CALL', 'SMS', 'EMAIL'])[1 + (o.id + g) % 3], case when (o.id + g) % 4 = 0 then 'INBOUND' else 'OUTBOUND' end,
      d.ids[1 + (o.id * 7 + g) % cardinality(d.ids)],
      ${csr}::int, case when (o.id + g) % 3 = 0 then 30 + (o.id * 13 + g * 17) % 600 end,
      case when (o.id + g) % 3 = 0 then 'Call with the lead' when (o.id + g) % 3 = 1 then 'Text conversation' else 'Email follow-up' end,
      least(o.created_at + make_interval(hours => g * 5), ${now}::timestamptz)
    from opportunities o cross join lateral generate_series(1, 1 + o.id % 3) g
    cross join (select array_agg(id order by id) as ids from dispositions) d
    order by o.id, g`.execute(db); // ids in a fixed order, whatever order the table's rows are stored in
  // An opportunity's call and text counts are its logged calls and texts, so the opportunity page's
  // counts agree with its interactions (POST /interviews-api/interactions keeps them so), and its
  // "updated" is never older than its newest interaction: both written with the opportunity
  // (derivedFromId in pipeline.ts follows this statement's rows).
  await sql`insert into opportunity_notes (opportunity_id, author_user_id, body, created_at)
    select o.id, ${csr}::int, 'Lead confirmed the timeline and the price range.', least(o.created_at + interval '2 hours', ${now}::timestamptz)
    from opportunities o where o.id % 5 = 0
    order by o.id`.execute(db); // note ids in the leads' order, whatever order their rows are stored in
}
