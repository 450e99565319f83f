import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';

import { hashPassword } from '../../auth/passwords.ts';
import { DEMO_AGENT_PHONE, type SeedContext } from './core.ts';
import { insertMany, insertRows } from './insert.ts';
import { createRandom, DAY_MS } from './random.ts';

// Staff administration (users and announcements): flex attribute definitions and values, a roster of
// provider staff for User Management (40 times the scale, so the benchmark searches thousands),
// and announcements to loan offices, to agents, to chosen brokerages and a broker admin's own.
// Only provider roles are added: the brokerages' admins and the loan offices' stay as the demo contract has them.

const FIRST = [
  'Jordan',
  'Riley',
  'Taylor',
  'Parker',
  'Rowan',
  'Hayden',
  'Emerson',
  'Finley',
  'Harper',
  'Logan',
  'Reese',
  'Sage',
];
const LAST = [
  'Nguyen',
  'Okafor',
  'Schmidt',
  'Garcia',
  'Kowalski',
  'Haddad',
  'Olsen',
  'Moreau',
  'Silva',
  'Tanaka',
  'Brennan',
  'Ivanova',
];
const STAFF_ROLES = [
  'CSR',
  'CSR',
  'CSR',
  'CSR_VIEW_OPPORTUNITIES',
  'QA_TEAM',
  'CSR_SUPERVISOR',
  'AGENT_ENGAGEMENT',
  'MANAGER',
] as const;
const TEAMS = ['Sales', 'Support', 'Operations', 'Quality'];

export async function seedStaffAdmin({ db, now, scale, ids }: SeedContext): Promise<void> {
  const rnd = createRandom(20261215);
  const at = (days: number) => new Date(now.getTime() - days * DAY_MS);

  const [team, extension, languages, startDate, licensed] = (await insertMany(db, 'flex_attributes', [
    { name: 'team', label: 'Team', type: 'SELECT', options: TEAMS.join('\n'), required: false, position: 1 },
    { name: 'extension', label: 'Phone Extension', type: 'NUMBER', options: null, required: false, position: 2 },
    { name: 'languages', label: 'Languages', type: 'TEXT', options: null, required: false, position: 3 },
    { name: 'start_date', label: 'Start Date', type: 'DATE', options: null, required: false, position: 4 },
    { name: 'licensed', label: 'Licensed Agent', type: 'BOOLEAN', options: null, required: false, position: 5 },
  ])) as [number, number, number, number, number];

  // The roster: deterministic names, roles and states; a password nobody knows (they are data, not sign-ins).
  const hash = await hashPassword(randomBytes(24).toString('base64url'));
  const roleIds = new Map((await db.selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));
  const count = 40 * scale;
  const users = Array.from({ length: count }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
    const roll = rnd.int(0, 9);
    const status = roll === 0 ? ('DISABLED' as const) : roll === 1 ? ('INVITED' as const) : ('ACTIVE' as const);
    return {
      email: `${first}.${last}.${i + 1}@staff.porchlight.example`.toLowerCase(),
      first_name: first,
      last_name: last,
      password_hash: status === 'INVITED' ? null : hash,
      status,
      created_at: at(rnd.int(1, 700)),
      psi_last_login: status === 'ACTIVE' ? at(rnd.int(0, 60)) : null,
    };
  });
  const userIds = await insertMany(db, 'users', users);
  await insertRows(
    db,
    'user_roles',
    userIds.map((user_id, i) => ({
      user_id,
      role_id: roleIds.get(STAFF_ROLES[i % STAFF_ROLES.length]!)!,
      position: 0,
    })),
  );

  const values: { user_id: number; attribute_id: number; value: string; updated_at: Date }[] = [];
  for (const [i, user_id] of userIds.entries()) {
    values.push({ user_id, attribute_id: team, value: TEAMS[i % TEAMS.length]!, updated_at: at(10) });
    if (i % 3 === 0) values.push({ user_id, attribute_id: extension, value: String(2000 + i), updated_at: at(10) });
    if (i % 5 === 0)
      values.push({
        user_id,
        attribute_id: languages,
        value: i % 10 === 0 ? 'English, Spanish' : 'English',
        updated_at: at(10),
      });
  }
  const demo = (email: string) => ids.users[email]!;
  values.push(
    { user_id: demo('manager@demo.test'), attribute_id: team, value: 'Operations', updated_at: at(30) },
    {
      user_id: demo('manager@demo.test'),
      attribute_id: startDate,
      value: at(400).toISOString().slice(0, 10),
      updated_at: at(30),
    },
    { user_id: demo('csr@demo.test'), attribute_id: team, value: 'Support', updated_at: at(30) },
    { user_id: demo('csr@demo.test'), attribute_id: extension, value: '2041', updated_at: at(30) },
    { user_id: demo('csr@demo.test'), attribute_id: licensed, value: 'false', updated_at: at(30) },
  );
  await insertRows(db, 'user_flex_attributes', values);

  // The brokerage announcements of seedBrokerAdmin name one brokerage in brokerage_id (012); since 017
  // the chosen brokerages are announcement_brokerages (the migration does the same to an older database).
  await sql`insert into announcement_brokerages (announcement_id, brokerage_id)
    select id, brokerage_id from announcements where audience = 'BROKERAGE' and brokerage_id is not null`.execute(db);
  await sql`update announcements set brokerage_id = null where audience = 'BROKERAGE'`.execute(db);

  const staff = demo('admin@demo.test');
  const announcement = (
    title: string,
    body: string,
    audience: 'LOAN_OFFICES' | 'AGENTS' | 'BROKERAGE',
    days: number,
    extra: { brokerage_id?: number; created_by?: number; status?: 'DRAFT' | 'PUBLISHED' } = {},
  ) => ({
    title,
    body,
    audience,
    priority: 'NORMAL' as const,
    status: extra.status ?? ('PUBLISHED' as const),
    publish_at: at(days),
    created_at: at(days + 1),
    updated_at: at(days),
    created_by: extra.created_by ?? staff,
    brokerage_id: extra.brokerage_id ?? null,
  });
  const [lenders, agents, chosen, harborAgents] = (await insertMany(db, 'announcements', [
    announcement(
      'Lender portal maintenance',
      'The lender portal is read-only on Sunday from 6 to 8 AM Eastern.',
      'LOAN_OFFICES',
      2,
    ),
    announcement(
      'Agent app 4.3 is out',
      'Update the agent app to see follow-up reminders on your lock screen.',
      'AGENTS',
      2,
    ),
    announcement(
      'Spring referral push',
      'Harbor Point and Maple & Main: referral volume doubles in April. Check your agents’ capacity.',
      'BROKERAGE',
      6,
    ),
    announcement(
      'Team meeting Friday',
      'Harbor Point agents: our monthly team meeting moves to Friday at 9 AM.',
      'AGENTS',
      1,
      { brokerage_id: ids.harborPoint, created_by: demo('broker@demo.test') },
    ),
    announcement('Draft: summer schedule', 'Summer office hours, to be confirmed.', 'AGENTS', 0, {
      brokerage_id: ids.harborPoint,
      created_by: demo('broker@demo.test'),
      status: 'DRAFT',
    }),
  ])) as [number, number, number, number, number];
  await insertRows(db, 'announcement_brokerages', [
    { announcement_id: chosen, brokerage_id: ids.harborPoint },
    { announcement_id: chosen, brokerage_id: ids.mapleMain },
    { announcement_id: harborAgents, brokerage_id: ids.harborPoint },
  ]);
  // Some readers already, so the editor's read counts start above zero.
  await insertRows(db, 'announcement_reads', [
    { announcement_id: chosen, user_id: demo('broker.basic@demo.test'), read_at: at(5) },
    { announcement_id: lenders, user_id: demo('lender@demo.test'), read_at: at(1) },
    { announcement_id: agents, user_id: demo(DEMO_AGENT_PHONE), read_at: at(1) },
  ]);
}
