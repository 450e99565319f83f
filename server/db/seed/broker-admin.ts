import type { Insertable } from 'kysely';

import type { AnnouncementsTable } from '../schema-broker-admin.ts';
import type { SeedContext } from './core.ts';
import { insertMany, insertRows } from './insert.ts';
import { createRandom, DAY_MS, FIRST_NAMES, LAST_NAMES } from './random.ts';

// The broker admin's notifications, announcements and metrics: announcements from provider staff (live, expired, scheduled
// and draft, to every brokerage, to one, to a product family), Harbor Point's email settings, and a
// year of answered agent invitations (joined, declined, withdrawn) for My Metrics' invitation series.

type Row = Insertable<AnnouncementsTable>;

const TOPICS = [
  [
    'Quarterly referral review',
    'Your quarterly referral review is open. Check every active referral has a current stage before the end of the month.',
  ],
  ['New removal reasons', 'Agents can now choose "Transaction with an iBuyer" when they remove a referral.'],
  [
    'Holiday support hours',
    'Support answers from 9 AM to 3 PM Eastern on public holidays. Urgent referral issues still page the on-call team.',
  ],
  [
    'Agent app update',
    'Version 4.2 of the agent app shows overdue follow-ups first. Ask your agents to update from the store.',
  ],
  ['Broker Boost changes', 'Broker Boost now counts met-with rates over 90 days instead of 60.'],
  ['Webinar: faster first responses', 'Join our 30-minute webinar on answering new referrals within five minutes.'],
] as const;

export async function seedBrokerAdmin({ db, now, scale, ids }: SeedContext): Promise<void> {
  const rnd = createRandom(20261212);
  const staff = ids.users['admin@demo.test'] ?? null;
  const at = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const base = (title: string, body: string, days: number): Row => ({
    title,
    body,
    audience: 'ALL_BROKERAGES',
    priority: 'NORMAL',
    status: 'PUBLISHED',
    publish_at: at(days),
    created_by: staff,
    created_at: at(days + 1),
  });
  const rows: Row[] = [
    {
      ...base(
        'Welcome to the new console',
        'The broker console now has My Metrics, My Admins and email settings. Tell us what you think.',
        1,
      ),
      priority: 'HIGH',
    },
    {
      ...base(
        'Harbor Point: Q3 top performer',
        'Harbor Point Realty had the fastest average first response of all brokerages last quarter.',
        3,
      ),
      audience: 'BROKERAGE',
      brokerage_id: ids.harborPoint,
    },
    {
      ...base(
        'IRIS leads now include buyer budget',
        'IRIS leads now carry the buyer’s stated budget in the lead detail.',
        5,
      ),
      audience: 'PRODUCT_FAMILY',
      product_family: 'COMBINED',
    },
    {
      ...base(
        'Maple & Main: welcome aboard',
        'Welcome to Porchlight. Your onboarding call is booked for next week.',
        4,
      ),
      audience: 'BROKERAGE',
      brokerage_id: ids.mapleMain,
    },
    // Not shown to anyone: expired, scheduled, draft, archived.
    { ...base('Spring pricing webinar', 'This webinar has ended.', 40), expires_at: at(20) },
    { ...base('Coming soon: saved views', 'Save your favourite list filters.', -3) },
    { ...base('Draft: year-end survey', 'Not published yet.', 0), status: 'DRAFT' },
    { ...base('Old maintenance window', 'Maintenance is complete.', 90), status: 'ARCHIVED' },
  ];
  // Older general announcements (more with the benchmark's scale), so the list pages.
  for (let i = 0; i < 10 * scale; i++) {
    const [title, body] = TOPICS[i % TOPICS.length]!;
    rows.push(base(title, body, 7 + i * 3 + rnd.int(0, 2)));
  }
  await insertMany(db, 'announcements', rows);

  const office = 'office@harborpoint.example';
  await insertRows(db, 'email_settings', [
    { brokerage_id: ids.harborPoint, template: 'NEW_REFERRAL', email: office, created_by: staff, created_at: at(30) },
    {
      brokerage_id: ids.harborPoint,
      template: 'NEW_REFERRAL',
      email: 'broker@demo.test',
      created_by: staff,
      created_at: at(30),
    },
    {
      brokerage_id: ids.harborPoint,
      template: 'OVERDUE_REFERRALS',
      email: 'broker@demo.test',
      created_by: staff,
      created_at: at(30),
    },
    {
      brokerage_id: ids.harborPoint,
      template: 'MONTHLY_METRICS',
      email: office,
      created_by: staff,
      created_at: at(30),
    },
  ]);
}

/**
 * Invitations answered over the last year (the broker workspace's seed has only the last 20 days, all open or
 * refused): for each brokerage, about 3 x scale a month, sent 30 to 365 days ago; half joined (as one
 * of the brokerage's agents, a few days after the sending), the rest declined or withdrawn.
 */
export async function seedInvitationHistory({ db, now, scale, ids }: SeedContext): Promise<void> {
  const rnd = createRandom(12 * 20261124);
  const outcomes = [
    'INVITE_REDEEMED',
    'INVITE_REDEEMED',
    'INVITE_DECLINED',
    'INVITE_REDEEMED',
    'INVITE_INVALIDATED',
    'INVITE_REDEEMED',
  ] as const;
  for (const brokerage of [ids.harborPoint, ids.mapleMain]) {
    const agents = ids.agentsByBrokerage[brokerage] ?? [];
    const rows = Array.from({ length: 36 * scale }, (_, i) => {
      const first = rnd.pick(FIRST_NAMES);
      const last = rnd.pick(LAST_NAMES);
      const sent = new Date(now.getTime() - rnd.int(30, 365) * DAY_MS - rnd.int(0, 86_399) * 1000);
      const outcome =
        agents.length === 0 && outcomes[i % outcomes.length] === 'INVITE_REDEEMED'
          ? 'INVITE_DECLINED'
          : outcomes[i % outcomes.length]!;
      const responded = outcome === 'INVITE_INVALIDATED' ? null : new Date(sent.getTime() + rnd.int(1, 6) * DAY_MS);
      return {
        brokerage_id: brokerage,
        first_name: first,
        last_name: last,
        email: `${first}.${last}.history${i}.${brokerage}@prospects.example`.toLowerCase(),
        phone: `+1555${String(800 + brokerage).padStart(3, '0')}${String(i % 10_000).padStart(4, '0')}`,
        status: outcome,
        invite_code_hash: null,
        invite_sent_at: sent,
        invite_expires_at: new Date(sent.getTime() + 7 * DAY_MS),
        invites_sent: rnd.int(1, 2),
        responded_at: responded,
        agent_id: outcome === 'INVITE_REDEEMED' ? agents[i % agents.length]! : null,
        created_by: null,
        created_at: new Date(sent.getTime() - DAY_MS),
        updated_at: responded ?? sent,
      };
    });
    await insertMany(db, 'potential_agents', rows);
  }
}
