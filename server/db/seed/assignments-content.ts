import type { Insertable } from 'kysely';

import { assignOpportunity, decideFor } from '../assignment.ts';
import type { ContentItemVersionsTable } from '../schema-assignments-content.ts';
import type { SeedContext } from './core.ts';
import { insertMany } from './insert.ts';
import { createRandom, DAY_MS } from './random.ts';

// Demo data of geography, assignments and content, deterministic, sizes times ctx.scale:
// - ZIP geography for the three brokerages' ZIP prefixes (staff.ts gives agents coverage there),
//   two markets each; every opportunity gets a ZIP; a few agents exclude a ZIP of their own
//   coverage or cover a whole city.
// - Assignments: 5 per scale step of Harbor Point's qualified, unassigned opportunities
//   (CONTACT_ESTABLISHED) are assigned by the real rule (server/db/assignment.ts, the same call
//   the API makes), one after its rule winner declined it, and 1 per scale step is forced by
//   admin@demo.test to an agent the rule ranked lower. Each decision is recorded with its candidates.
// - Content: usages, audiences and items with 1 to 3 versions each; extra variants per scale step.

const GEO: {
  prefix: string;
  state: string;
  markets: { name: string; from: number; to: number; cities: [number, string][] }[];
}[] = [
  {
    prefix: '041',
    state: 'ME',
    markets: [
      {
        name: 'Portland Metro',
        from: 1,
        to: 49,
        cities: [
          [19, 'Portland'],
          [39, 'South Portland'],
          [49, 'Westbrook'],
        ],
      },
      {
        name: 'Southern Maine',
        from: 50,
        to: 99,
        cities: [
          [74, 'Saco'],
          [99, 'Biddeford'],
        ],
      },
    ],
  },
  {
    prefix: '537',
    state: 'WI',
    markets: [
      {
        name: 'Madison Metro',
        from: 1,
        to: 59,
        cities: [
          [29, 'Madison'],
          [59, 'Middleton'],
        ],
      },
      { name: 'Dane County', from: 60, to: 99, cities: [[99, 'Sun Prairie']] },
    ],
  },
  {
    prefix: '837',
    state: 'ID',
    markets: [
      { name: 'Boise Metro', from: 1, to: 49, cities: [[49, 'Boise']] },
      {
        name: 'Treasure Valley',
        from: 50,
        to: 99,
        cities: [
          [79, 'Meridian'],
          [99, 'Nampa'],
        ],
      },
    ],
  },
];

const USAGES: [string, 'SMS_TEMPLATE' | 'EMAIL_TEMPLATE' | 'CALL_SCRIPT', string][] = [
  ['NEW_LEAD_INTRO', 'SMS_TEMPLATE', 'First text to a new lead'],
  ['AGENT_ASSIGNED', 'SMS_TEMPLATE', 'Text to the lead naming their agent'],
  ['FOLLOWUP_REMINDER', 'EMAIL_TEMPLATE', 'Email to an agent with an overdue referral'],
  ['WELCOME_EMAIL', 'EMAIL_TEMPLATE', 'Welcome email to a new lead'],
  ['QUALIFICATION_CALL', 'CALL_SCRIPT', 'Script of the first qualification call'],
  ['SELLER_CALL', 'CALL_SCRIPT', 'Script of a call with a seller'],
];

const AUDIENCES = [
  { name: 'LeadGenius buyers', product: 'LEAD_GENIUS', client_type: 'BUYER' },
  { name: 'Maine buyers', state: 'ME', client_type: 'BUYER' },
  { name: 'Porchlight sellers', product: 'PORCHLIGHT', client_type: 'SELLER' },
  { name: 'Aged leads', lead_type: 'AGED' },
  { name: 'New Porchlight leads', product: 'PORCHLIGHT', lead_type: 'NEW' },
  { name: 'Idaho leads', state: 'ID' },
  { name: 'Wisconsin sellers', state: 'WI', client_type: 'SELLER' },
];

/** [usage, name, audience name or null, priority, subject, versions' bodies (oldest first)] */
const ITEMS: [string, string, string | null, number, string | null, string[]][] = [
  [
    'NEW_LEAD_INTRO',
    'Default intro',
    null,
    0,
    null,
    ['Hi {firstName}, thanks for reaching out about buying or selling a home.\nA local expert will call you shortly.'],
  ],
  [
    'NEW_LEAD_INTRO',
    'Buyer intro (LeadGenius)',
    'LeadGenius buyers',
    10,
    null,
    [
      'Hi {firstName}, this is {brand}.\nWe found homes that match your search.',
      'Hi {firstName}, this is {brand}.\nWe found homes that match your search.\nReply YES to talk to a local agent today.',
    ],
  ],
  [
    'NEW_LEAD_INTRO',
    'Maine buyer intro',
    'Maine buyers',
    5,
    null,
    [
      'Hi {firstName}, looking for a home in Maine?\nOur Portland agents know every neighborhood.',
      'Hi {firstName}, looking for a home in Maine?\nOur Portland agents know every neighborhood.\nWhen is a good time to talk?',
    ],
  ],
  [
    'NEW_LEAD_INTRO',
    'Aged lead check-in',
    'Aged leads',
    3,
    null,
    ['Hi {firstName}, are you still thinking about a move?\nThe market has changed since we last spoke.'],
  ],
  [
    'NEW_LEAD_INTRO',
    'Idaho intro',
    'Idaho leads',
    4,
    null,
    ['Hi {firstName}, Treasure Valley homes are moving fast.\nCan we help?'],
  ],
  [
    'AGENT_ASSIGNED',
    'Agent introduction',
    null,
    0,
    null,
    [
      '{agentName} from {brokerage} will be your agent.\nExpect a call today.',
      '{agentName} from {brokerage} will be your agent.\nExpect a call within the hour.',
    ],
  ],
  [
    'AGENT_ASSIGNED',
    'Seller agent introduction',
    'Porchlight sellers',
    5,
    null,
    ['{agentName} will help you price and sell your home.\nExpect a call today.'],
  ],
  [
    'FOLLOWUP_REMINDER',
    'Overdue referral reminder',
    null,
    0,
    'Your referral needs an update',
    [
      'Hi {agentName},\n{prospect} has not been updated in 7 days.\nPlease update the referral.',
      'Hi {agentName},\n{prospect} has not been updated in {days} days.\nPlease update the referral in the app.',
      'Hi {agentName},\n{prospect} has not been updated in {days} days.\nPlease update the referral in the app today.',
    ],
  ],
  ['WELCOME_EMAIL', 'Welcome', null, 0, 'Welcome to {brand}', ['Welcome, {firstName}.\nHere is what happens next.']],
  [
    'WELCOME_EMAIL',
    'Welcome (Wisconsin sellers)',
    'Wisconsin sellers',
    2,
    'Selling in Wisconsin',
    ['Welcome, {firstName}.\nHere is how we sell homes in Dane County.'],
  ],
  [
    'QUALIFICATION_CALL',
    'Qualification script',
    null,
    0,
    null,
    [
      'Greet the lead by name.\nConfirm buying or selling.\nAsk for the timeline.\nAsk for the price range.',
      'Greet the lead by name.\nConfirm buying or selling.\nAsk for the timeline.\nAsk for the price range.\nAsk whether they are pre-approved.',
    ],
  ],
  [
    'SELLER_CALL',
    'Seller call script',
    'Porchlight sellers',
    1,
    null,
    ['Ask for the address.\nAsk when they want to move.\nOffer a free valuation.'],
  ],
];

async function seedGeography(ctx: SeedContext): Promise<void> {
  const { db, ids, now } = ctx;
  const rnd = createRandom(16 * 20261122);
  const marketNames = GEO.flatMap((g) => g.markets.map((m) => ({ name: m.name })));
  const marketIds = await insertMany(db, 'markets', marketNames);
  let m = 0;
  const zips = GEO.flatMap((g) =>
    g.markets.flatMap((market) => {
      const marketId = marketIds[m++]!;
      return Array.from({ length: market.to - market.from + 1 }, (_, k) => {
        const n = market.from + k;
        const city = market.cities.find(([upTo]) => n <= upTo)?.[1] ?? market.cities[0]![1];
        return { zip: `${g.prefix}${String(n).padStart(2, '0')}`, city, state: g.state, market_id: marketId };
      });
    }),
  );
  await db.insertInto('zip_codes').values(zips).execute();
  // Every opportunity has a ZIP of its brokerage's prefix, derived from its id (written with it: pipeline.ts).
  // Exclusions: one agent in seven excludes one ZIP of its coverage; one in eleven covers a whole city.
  const coverage = await db
    .selectFrom('agent_coverage_areas as c')
    .innerJoin('zip_codes as z', 'z.zip', 'c.zip')
    .select(['c.agent_id', 'c.zip', 'z.city', 'z.state'])
    .where('c.agent_id', '<>', ids.demoAgent)
    .orderBy('c.agent_id')
    .orderBy('c.id')
    .execute();
  const agents = [...new Set(coverage.map((c) => c.agent_id))];
  const excluded = agents
    .filter((_, i) => i % 7 === 3)
    .flatMap((a) => {
      const own = coverage.filter((c) => c.agent_id === a);
      const zip = own.length > 0 ? rnd.pick(own).zip : null;
      return zip ? [{ agent_id: a, zip, created_at: new Date(now.getTime() - rnd.int(5, 90) * DAY_MS) }] : [];
    });
  if (excluded.length > 0) await insertMany(db, 'agent_excluded_areas', excluded);
  const cityWide = agents
    .filter((_, i) => i % 11 === 5)
    .flatMap((a) => {
      const own = coverage.find((c) => c.agent_id === a);
      return own
        ? [
            {
              agent_id: a,
              city: own.city,
              state: own.state,
              zip: null,
              created_at: new Date(now.getTime() - rnd.int(5, 90) * DAY_MS),
            },
          ]
        : [];
    });
  const seenCity = new Set<string>();
  const uniqueCity = cityWide.filter(
    (c) => !seenCity.has(`${c.agent_id}:${c.city}`) && seenCity.add(`${c.agent_id}:${c.city}`),
  );
  if (uniqueCity.length > 0) await insertMany(db, 'agent_coverage_areas', uniqueCity);
}

async function seedAssignments(ctx: SeedContext): Promise<void> {
  const { db, ids, now, scale } = ctx;
  const admin = ids.users['admin@demo.test'];
  const adminRow =
    admin === undefined
      ? undefined
      : await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', admin).executeTakeFirst();
  const adminActor =
    admin === undefined
      ? null
      : { id: admin, name: `${adminRow?.first_name ?? 'Alex'} ${adminRow?.last_name ?? 'Admin'}` };
  const pool = await db
    .selectFrom('opportunities')
    .select(['id'])
    .where('brokerage_id', '=', ids.harborPoint)
    .where('status', '=', 'CONTACT_ESTABLISHED')
    .where('agent_id', 'is', null)
    .orderBy('id')
    .execute();
  // Each assignment runs the real rule engine, one opportunity at a time: at most 10 scale steps
  // of them (60), so a large seed's time stays in its set-based inserts.
  const steps = Math.min(scale, 10);
  const wantAuto = 5 * steps;
  const wantForced = 1 * steps;
  let auto = 0;
  let forced = 0;
  let step = 0;
  for (const { id } of pool) {
    if (auto >= wantAuto && forced >= wantForced) break;
    const at = new Date(now.getTime() - (wantAuto + wantForced - step) * 600_000);
    const { decision } = await decideFor(db, id, at);
    const eligible = decision.candidates.filter((c) => c.eligible);
    // Leave the demo agent's referrals as the demo contract describes them.
    if (eligible.length < 2 || eligible.some((c) => c.agentId === ids.demoAgent)) continue;
    if (forced < wantForced && auto >= 2) {
      await assignOpportunity(db, {
        opportunityId: id,
        now: at,
        actor: adminActor,
        forceAgentId: eligible[1]!.agentId,
        tell: false,
      });
      forced++;
    } else if (auto < wantAuto) {
      if (auto === 1)
        await db
          .insertInto('opportunity_declines')
          .values({ opportunity_id: id, agent_id: eligible[0]!.agentId, created_at: new Date(at.getTime() - 300_000) })
          .execute();
      await assignOpportunity(db, { opportunityId: id, now: at, actor: null, tell: false });
      auto++;
    } else continue;
    step++;
  }
}

async function seedContent(ctx: SeedContext): Promise<void> {
  const { db, ids, now, scale } = ctx;
  const rnd = createRandom(16 * 20261123);
  const usageIds = await insertMany(
    db,
    'content_usages',
    USAGES.map(([name, usage_type, description]) => ({ name, usage_type, description })),
  );
  const usageId = (name: string) => usageIds[USAGES.findIndex((u) => u[0] === name)]!;
  const audienceIds = await insertMany(db, 'content_audiences', AUDIENCES);
  const audienceId = (name: string | null) =>
    name === null ? null : audienceIds[AUDIENCES.findIndex((a) => a.name === name)]!;
  const authors = [
    ids.users['admin@demo.test'],
    ids.users['engagement@demo.test'],
    ids.users['manager@demo.test'],
  ].filter((x): x is number => x !== undefined);

  const extra = Array.from({ length: 30 * (scale - 1) }, (_, n) => {
    const usage = USAGES[n % USAGES.length]!;
    return [
      usage[0],
      `${usage[2]} variant ${n + 1}`,
      rnd.pick(['Idaho leads', 'Wisconsin sellers', 'Aged leads']),
      rnd.int(0, 3),
      usage[1] === 'EMAIL_TEMPLATE' ? `Variant ${n + 1}` : null,
      [`Variant ${n + 1} of ${usage[0]}.\nLine two.`],
    ] as (typeof ITEMS)[number];
  });
  const all = [...ITEMS, ...extra];
  const itemIds = await insertMany(
    db,
    'content_items',
    all.map(([usage, name, audience, priority, subject, bodies], i) => ({
      usage_id: usageId(usage),
      name,
      audience_id: audienceId(audience),
      priority,
      subject,
      body: bodies[bodies.length - 1]!,
      current_version: bodies.length,
      active: true,
      updated_at: new Date(now.getTime() - (all.length - i) * 3_600_000),
    })),
  );
  const versions: Insertable<ContentItemVersionsTable>[] = all.flatMap(
    ([, name, audience, priority, subject, bodies], i) =>
      bodies.map((body, k) => ({
        item_id: itemIds[i]!,
        version: k + 1,
        name,
        audience_id: audienceId(audience),
        priority,
        active: true,
        subject,
        body,
        note: k === 0 ? 'First version' : 'Wording update',
        restored_from: null,
        author_user_id: authors.length > 0 ? authors[(i + k) % authors.length]! : null,
        created_at: new Date(now.getTime() - (all.length - i) * 3_600_000 - (bodies.length - 1 - k) * 7 * DAY_MS),
      })),
  );
  await insertMany(db, 'content_item_versions', versions);
}

export async function seedAssignmentsContent(ctx: SeedContext): Promise<void> {
  await seedGeography(ctx);
  await seedAssignments(ctx);
  await seedContent(ctx);
}
