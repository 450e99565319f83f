import { ROLES, roleTypeOf, type Role } from '../../../src/access/roles.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Db } from '../database.ts';
import { insertMany, insertRows } from './insert.ts';
import { createRandom, DAY_MS, FIRST_NAMES, LAST_NAMES } from './random.ts';

export const DEMO_PASSWORD = 'Demo-pass-1';
export const DEMO_AGENT_PHONE = '+15550100001';

export interface SeedContext {
  db: Db;
  now: Date;
  scale: number;
  /** Ids the later seeders build on. */
  ids: {
    harborPoint: number;
    mapleMain: number;
    cedarRidge: number;
    summit: number;
    keystone: number;
    demoAgent: number;
    users: Record<string, number>;
    agentsByBrokerage: Record<number, number[]>;
    suppliers: number[];
  };
}

interface DemoUser {
  email?: string;
  phone?: string;
  first: string;
  last: string;
  roles: Role[];
  broker?: 'harbor' | 'maple' | 'cedar';
  lender?: 'summit' | 'keystone';
  expired?: boolean;
  status?: 'ACTIVE' | 'INVITED';
}

// The demo data contract of docs/spec/DECISIONS.md: these sign-ins, roles and organisations are relied on.
const DEMO_USERS: DemoUser[] = [
  { email: 'admin@demo.test', first: 'Alex', last: 'Admin', roles: ['ADMIN'] },
  { email: 'manager@demo.test', first: 'Morgan', last: 'Manager', roles: ['MANAGER'] },
  { email: 'qa@demo.test', first: 'Quinn', last: 'Quality', roles: ['QA_TEAM'] },
  { email: 'supervisor@demo.test', first: 'Sam', last: 'Supervisor', roles: ['CSR_SUPERVISOR'] },
  { email: 'engagement@demo.test', first: 'Eden', last: 'Engagement', roles: ['AGENT_ENGAGEMENT'] },
  { email: 'csr@demo.test', first: 'Casey', last: 'Service', roles: ['CSR'] },
  { email: 'opps@demo.test', first: 'Owen', last: 'Opportunity', roles: ['CSR_VIEW_OPPORTUNITIES'] },
  { email: 'broker@demo.test', first: 'Blair', last: 'Harbor', roles: ['BROKERAGE_ADMIN'], broker: 'harbor' },
  { email: 'broker.basic@demo.test', first: 'Bailey', last: 'Maple', roles: ['BROKERAGE_ADMIN'], broker: 'maple' },
  {
    email: 'supplier@demo.test',
    first: 'Sky',
    last: 'Supplier',
    roles: ['BROKERAGE_ADMIN', 'LEAD_SUPPLIER'],
    broker: 'harbor',
  },
  { email: 'lender@demo.test', first: 'Lee', last: 'Summit', roles: ['LOAN_OFFICE_ADMIN'], lender: 'summit' },
  {
    email: 'expired@demo.test',
    first: 'Emery',
    last: 'Expired',
    roles: ['BROKERAGE_ADMIN'],
    broker: 'harbor',
    expired: true,
  },
  { phone: DEMO_AGENT_PHONE, first: 'Avery', last: 'Lane', roles: ['AGENT'] },
  // Cedar Ridge (paused) has only an invited admin: impersonating it has no active administrator.
  {
    email: 'cedar.admin@demo.test',
    first: 'Cody',
    last: 'Cedar',
    roles: ['BROKERAGE_ADMIN'],
    broker: 'cedar',
    status: 'INVITED',
  },
];

export async function seedCore(db: Db, now: Date, scale: number): Promise<SeedContext> {
  const rnd = createRandom(20261122);
  await insertMany(
    db,
    'roles',
    ROLES.map((name) => ({ name, type: roleTypeOf(name) })),
  );
  const roleIds = new Map((await db.selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));

  const [harborPoint, mapleMain, cedarRidge] = (await insertMany(db, 'brokerages', [
    {
      name: 'Harbor Point Realty',
      status: 'ACTIVE',
      product_family: 'COMBINED',
      email: 'office@harborpoint.example',
      phone: '+15550101000',
      city: 'Portland',
      state: 'ME',
      boost_enabled: true,
      boost_percentage: 15,
    },
    {
      name: 'Maple & Main Homes',
      status: 'ACTIVE',
      product_family: 'PORCHLIGHT',
      email: 'hello@maplemain.example',
      phone: '+15550102000',
      city: 'Madison',
      state: 'WI',
      boost_enabled: false,
      boost_percentage: 0,
    },
    {
      name: 'Cedar Ridge Properties',
      status: 'PAUSED',
      product_family: 'PORCHLIGHT',
      email: 'team@cedarridge.example',
      phone: '+15550103000',
      city: 'Boise',
      state: 'ID',
      boost_enabled: false,
      boost_percentage: 0,
    },
  ])) as [number, number, number];
  const [summit, keystone] = (await insertMany(db, 'loan_offices', [
    { name: 'Summit Home Loans', email: 'loans@summit.example', phone: '+15550201000' },
    { name: 'Keystone Mortgage', email: 'hello@keystone.example', phone: '+15550202000' },
  ])) as [number, number];
  await insertMany(
    db,
    'loan_officers',
    [summit, keystone].flatMap((office) =>
      Array.from({ length: 4 }, (_, i) => {
        const first = rnd.pick(FIRST_NAMES);
        const last = rnd.pick(LAST_NAMES);
        return {
          loan_office_id: office,
          first_name: first,
          last_name: last,
          email: `${first}.${last}.${office}${i}@loans.example`.toLowerCase(),
          phone: `+1555030${office}${String(i).padStart(3, '0')}`,
          nmls: String(100000 + office * 100 + i),
        };
      }),
    ),
  );

  await insertMany(db, 'app_versions', [
    { env: 'PROD', device_type: 'IOS', version: '3.14.0' },
    { env: 'PROD', device_type: 'ANDROID', version: '3.14.2' },
  ]);
  const suppliers = await insertMany(
    db,
    'lead_suppliers',
    ['Zillow Flex', 'Realtor.com', 'Homes.com', 'Facebook Ads', 'Google Ads'].map((name) => ({ name })),
  );

  // Agents: about 80 at scale 1 (45 Harbor Point, 27 Maple & Main, 8 Cedar Ridge).
  const agentsByBrokerage: Record<number, number[]> = {};
  const agentStatus = () =>
    rnd.weighted({ ACTIVE: 80, IN_TRAINING: 5, PAUSED: 5, INVITED: 4, ADMIN_HOLD: 3, DEACTIVATED: 3 });
  const demoAgentRows = [
    {
      brokerage_id: harborPoint,
      first_name: 'Avery',
      last_name: 'Lane',
      email: 'avery.lane@harborpoint.example',
      phone: DEMO_AGENT_PHONE,
      status: 'ACTIVE',
      display_score: 0.87,
      created_at: new Date(now.getTime() - 400 * DAY_MS),
    },
  ];
  const [demoAgent] = (await insertMany(db, 'agents', demoAgentRows)) as [number];
  agentsByBrokerage[harborPoint] = [demoAgent];
  for (const [brokerage, count] of [
    [harborPoint, 44],
    [mapleMain, 27],
    [cedarRidge, 8],
  ] as const) {
    const rows = Array.from({ length: count * scale }, (_, i) => {
      const first = rnd.chance(0.03) ? null : rnd.pick(FIRST_NAMES);
      const last = first === null ? null : rnd.pick(LAST_NAMES);
      return {
        brokerage_id: brokerage,
        first_name: first,
        last_name: last,
        email: first ? `${first}.${last}.${brokerage}.${i}@agents.example`.toLowerCase() : null,
        // From 10000 up: (555) 010-0001 is the demo agent's sign-in alone (it was brokerage 1's agent 1 too).
        phone: `+1555${String(brokerage).padStart(2, '0')}${String(10_000 + i).padStart(5, '0')}`,
        status: brokerage === cedarRidge ? 'PAUSED' : agentStatus(),
        display_score: rnd.chance(0.05) ? null : Math.round((0.3 + rnd.next() * 0.68) * 10000) / 10000,
        created_at: new Date(now.getTime() - rnd.int(30, 900) * DAY_MS),
      };
    });
    const ids = await insertMany(db, 'agents', rows);
    agentsByBrokerage[brokerage] = [...(agentsByBrokerage[brokerage] ?? []), ...ids];
  }

  const passwordHash = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  const brokers = { harbor: harborPoint, maple: mapleMain, cedar: cedarRidge };
  const lenders = { summit, keystone };
  const users: Record<string, number> = {};
  for (const [i, u] of DEMO_USERS.entries()) {
    const [id] = (await insertMany(db, 'users', [
      {
        email: u.email ?? null,
        phone: u.phone ?? null,
        first_name: u.first,
        last_name: u.last,
        password_hash: u.status === 'INVITED' ? null : passwordHash[i]!,
        password_expired: u.expired ?? false,
        status: u.status ?? 'ACTIVE',
        broker_id: u.broker ? brokers[u.broker] : null,
        loan_office_id: u.lender ? lenders[u.lender] : null,
        agent_id: u.phone === DEMO_AGENT_PHONE ? demoAgent : null,
        created_at: new Date(now.getTime() - 200 * DAY_MS),
      },
    ])) as [number];
    users[u.email ?? u.phone!] = id;
    await insertRows(
      db,
      'user_roles',
      u.roles.map((r, position) => ({ user_id: id, role_id: roleIds.get(r)!, position })),
    );
  }

  return {
    db,
    now,
    scale,
    ids: { harborPoint, mapleMain, cedarRidge, summit, keystone, demoAgent, users, agentsByBrokerage, suppliers },
  };
}
