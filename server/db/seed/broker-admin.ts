import type { Insertable } from 'kysely';
import type { AnnouncementsTable } from '../schema-broker-admin.ts';
import type { SeedContext } from './core.ts';
import { insertMany, insertRows } from './insert.ts';
import { createRandom, DAY_MS } from './random.ts';

// The broker admin's workspace, part 2: announcements from provider staff (live, expired, scheduled
// and draft, to every brokerage, to one, to a product family) and Harbor Point's email settings.

type Row = Insertable<AnnouncementsTable>;

const TOPICS = [
  ['Quarterly referral review', 'Your quarterly referral review is open. Check every active referral has a current stage before the end of the month.'],
  ['New removal reasons', 'Agents can now choose "Transaction with an iBuyer" when they remove a referral.'],
  ['Holiday support hours', 'Support answers from 9 AM to 3 PM Eastern on public holidays. Urgent referral issues still page the on-call team.'],
  ['Agent app update', 'Version 4.2 of the agent app shows overdue follow-ups first. Ask your agents to update from the store.'],
  ['Broker Boost changes', 'Broker Boost now counts met-with rates over 90 days instead of 60.'],
  ['Webinar: faster first responses', 'Join our 30-minute webinar on answering new referrals within five minutes.'],
] as const;

export async function seedBrokerAdmin({ db, now, scale, ids }: SeedContext): Promise<void> {
  const rnd = createRandom(20261212);
  const staff = ids.users['admin@demo.test'] ?? null;
  const at = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const base = (title: string, body: string, days: number): Row => ({
    title, body, audience: 'ALL_BROKERAGES', priority: 'NORMAL', status: 'PUBLISHED', publish_at: at(days), created_by: staff, created_at: at(days + 1),
  });
  const rows: Row[] = [
    { ...base('Welcome to the new console', 'The broker console now has My Metrics, My Admins and email settings. Tell us what you think.', 1), priority: 'HIGH' },
    { ...base('Harbor Point: Q3 top performer', 'Harbor Point Realty had the fastest average first response of all brokerages last quarter.', 3), audience: 'BROKERAGE', brokerage_id: ids.harborPoint },
    { ...base('IRIS leads now include buyer budget', 'IRIS leads now carry the buyer’s stated budget in the lead detail.', 5), audience: 'PRODUCT_FAMILY', product_family: 'COMBINED' },
    { ...base('Maple & Main: welcome aboard', 'Welcome to Porchlight. Your onboarding call is booked for next week.', 4), audience: 'BROKERAGE', brokerage_id: ids.mapleMain },
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
    { brokerage_id: ids.harborPoint, template: 'NEW_REFERRAL', email: 'broker@demo.test', created_by: staff, created_at: at(30) },
    { brokerage_id: ids.harborPoint, template: 'OVERDUE_REFERRALS', email: 'broker@demo.test', created_by: staff, created_at: at(30) },
    { brokerage_id: ids.harborPoint, template: 'MONTHLY_METRICS', email: office, created_by: staff, created_at: at(30) },
  ]);
}
