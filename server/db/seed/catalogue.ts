import { sql } from 'kysely';

import type { SeedContext } from './core.ts';
import { insertMany } from './insert.ts';
import { DAY_MS } from './random.ts';

// The catalogue: MLS boards of the demo states (every agent belongs to their brokerage
// state's boards), support cases for one agent in three (the demo agent always has three), eight
// referral partners (one opportunity in four came through one), and workflow tasks for half the
// opportunities. Insert-selects keyed on ids, so the rows are the same on every machine and cheap at 100x.

export const MLS_BOARDS = [
  { code: 'MREIS', name: 'Maine Real Estate Information System', state: 'ME' },
  { code: 'MEGPR', name: 'Greater Portland Board of Realtors MLS', state: 'ME' },
  { code: 'SCWMLS', name: 'South Central Wisconsin MLS', state: 'WI' },
  { code: 'MMLS', name: 'Metro MLS', state: 'WI' },
  { code: 'IMLS', name: 'Intermountain MLS', state: 'ID' },
  { code: 'SVMLS', name: 'Sun Valley Board of Realtors MLS', state: 'ID' },
];

export const PARTNERS = [
  {
    name: 'Summit Home Loans Referral Desk',
    type: 'LENDER',
    contact_name: 'Dana Whitfield',
    email: 'referrals@summit.example',
    phone: '+15550301000',
    website: 'https://summit.example',
  },
  {
    name: 'Keystone Mortgage Partners',
    type: 'LENDER',
    contact_name: 'Marcus Hale',
    email: 'partners@keystone.example',
    phone: '+15550302000',
    website: 'https://keystone.example',
  },
  {
    name: 'Bayside Builders',
    type: 'BUILDER',
    contact_name: 'Lena Ortiz',
    email: 'sales@bayside.example',
    phone: '+15550303000',
    website: 'https://bayside.example',
  },
  {
    name: 'Relo Direct',
    type: 'RELOCATION',
    contact_name: 'Priya Natarajan',
    email: 'moves@relodirect.example',
    phone: '+15550304000',
    website: 'https://relodirect.example',
  },
  {
    name: 'HomeFinder Blog',
    type: 'WEBSITE',
    contact_name: null,
    email: 'hello@homefinder.example',
    phone: null,
    website: 'https://homefinder.example',
  },
  {
    name: 'Teachers Credit Union',
    type: 'AFFINITY',
    contact_name: 'Omar Reyes',
    email: 'members@tcu.example',
    phone: '+15550306000',
    website: 'https://tcu.example',
  },
  {
    name: 'Lakeshore Homes',
    type: 'BUILDER',
    contact_name: 'Grace Kim',
    email: 'info@lakeshore.example',
    phone: '+15550307000',
    website: null,
  },
  {
    name: 'Veterans Home Network',
    type: 'AFFINITY',
    contact_name: 'Andre Wallace',
    email: 'team@vhn.example',
    phone: '+15550308000',
    website: 'https://vhn.example',
  },
];

export async function seedCatalogue(ctx: SeedContext): Promise<void> {
  const { db, now, ids } = ctx;
  const admin = ids.users['admin@demo.test'] ?? null;
  const engagement = ids.users['engagement@demo.test'] ?? null;
  const csr = ids.users['csr@demo.test'] ?? null;

  await insertMany(db, 'mls_boards', MLS_BOARDS);
  // Every agent is on their brokerage state's first board; one in three also on its second.
  await sql`insert into agent_mls_boards (agent_id, mls_board_id)
    select a.id, m.id from agents a join brokerages b on b.id = a.brokerage_id
    join mls_boards m on m.state = b.state
    where m.code in (${sql.join(MLS_BOARDS.filter((_, i) => i % 2 === 0).map((m) => m.code))}) or a.id % 3 = 0
    order by a.id, m.id`.execute(db);

  // Support cases: the demo agent's three, then one agent in three with one or two.
  const day = (n: number) => new Date(now.getTime() - n * DAY_MS);
  await insertMany(db, 'agent_support_cases', [
    {
      agent_id: ids.demoAgent,
      subject: 'Cannot sign in with the one-time code',
      category: 'SIGN_IN',
      status: 'OPEN',
      priority: 'HIGH',
      opened_by: engagement,
      created_at: day(1),
      updated_at: day(0.5),
      closed_at: null,
    },
    {
      agent_id: ids.demoAgent,
      subject: 'Referral shows the wrong client phone',
      category: 'REFERRAL',
      status: 'PENDING',
      priority: 'NORMAL',
      opened_by: engagement,
      created_at: day(6),
      updated_at: day(3),
      closed_at: null,
    },
    {
      agent_id: ids.demoAgent,
      subject: 'Update my profile photo',
      category: 'PROFILE',
      status: 'RESOLVED',
      priority: 'LOW',
      opened_by: admin,
      created_at: day(40),
      updated_at: day(38),
      closed_at: day(38),
    },
  ]);
  await sql`insert into agent_support_cases (agent_id, subject, category, status, priority, opened_by, created_at, updated_at, closed_at)
    select a.id, s.subject, s.category, st.status, case when (a.id + n) % 5 = 0 then 'HIGH' when (a.id + n) % 3 = 0 then 'LOW' else 'NORMAL' end,
      ${engagement}::int, c.created, c.created + interval '1 day' * least(2, c.age),
      case when st.status in ('RESOLVED', 'CLOSED') then c.created + interval '1 day' * least(2, c.age) end
    from agents a cross join generate_series(0, 1) n
    cross join lateral (select (array['Push notifications stopped arriving', 'Referral missing from my list', 'Change my coverage ZIPs',
      'App crashes when opening a referral', 'Question about the referral fee'])[1 + (a.id + n) % 5] as subject,
      (array['APP', 'REFERRAL', 'PROFILE', 'APP', 'BILLING'])[1 + (a.id + n) % 5] as category) s
    cross join lateral (select (array['OPEN', 'PENDING', 'RESOLVED', 'CLOSED', 'CLOSED'])[1 + (a.id * 7 + n) % 5] as status) st
    cross join lateral (select 1 + (a.id * 13 + n * 17) % 90 as age) g
    cross join lateral (select ${now}::timestamptz - interval '1 day' * g.age as created, g.age) c
    where a.id <> ${ids.demoAgent}::int and a.id % 3 = 1 and (n = 0 or a.id % 2 = 0)
    order by a.id, n`.execute(db);

  // Partners, and one opportunity in four came in through one of them.
  const partnerIds = await insertMany(
    db,
    'partners',
    PARTNERS.map((p) => ({ ...p, created_at: day(500) })),
  );
  await sql`update opportunities o set partner_id = (array[${sql.join(partnerIds)}]::int[])[1 + o.id / 4 % ${partnerIds.length}::int]
    where o.id % 4 = 1`.execute(db);

  // Workflow tasks: half the opportunities (odd ids, so every partner's) wait on one or two; older ones are done.
  await sql`insert into workflow_tasks (opportunity_id, type, name, status, assignee_user_id, due_at, created_at, completed_at)
    select o.id, t.type, t.name, st.status, case when t.type in ('CALL_BACK', 'VERIFY_CONTACT', 'QUALIFY') then ${csr}::int else ${engagement}::int end,
      o.created_at + interval '1 hour' * (4 + 20 * n), o.created_at + interval '1 minute' * (5 + n),
      case when st.status in ('DONE', 'CANCELLED') then least(o.created_at + interval '1 hour' * (2 + 20 * n), ${now}::timestamptz) end
    from opportunities o cross join generate_series(0, 1) n
    cross join lateral (select (array['CALL_BACK', 'VERIFY_CONTACT', 'QUALIFY', 'ASSIGN_AGENT', 'AGENT_FOLLOW_UP', 'PARTNER_UPDATE'])[1 + (o.id + n * 3) % 6] as type) t0
    cross join lateral (select t0.type, case t0.type when 'CALL_BACK' then 'Call the client back' when 'VERIFY_CONTACT' then 'Verify the contact details'
      when 'QUALIFY' then 'Qualify the lead' when 'ASSIGN_AGENT' then 'Assign an agent' when 'AGENT_FOLLOW_UP' then 'Confirm the agent reached the client'
      else 'Send the partner an update' end as name) t
    cross join lateral (select case when o.created_at < ${day(3)}::timestamptz and o.id % 5 <> 0 then (case when (o.id + n) % 7 = 0 then 'CANCELLED' else 'DONE' end)
      when (o.id + n) % 3 = 0 then 'IN_PROGRESS' else 'OPEN' end as status) st
    where o.id % 2 = 1 and (n = 0 or o.id % 3 = 0)
    order by o.id, n`.execute(db);
}
