import { openCode } from '../../auth/invites.ts';
import type { SeedContext } from './core.ts';
import { DAY_MS } from './random.ts';

// docs/spec/DECISIONS.md demo data: invite codes DEMO-INVITE-1 to DEMO-INVITE-5 are open on a fresh
// database, each for a new (invited) brokerage administrator of Harbor Point Realty.
const INVITEES = [
  { first: 'Robin', last: 'Reyes' },
  { first: 'Jordan', last: 'Park' },
  { first: 'Taylor', last: 'Brooks' },
  { first: 'Riley', last: 'Chen' },
  { first: 'Devon', last: 'Hughes' },
];
// Long enough that a demo database seeded today still has open codes next year.
const DEMO_INVITE_TTL_MS = 365 * DAY_MS;

export const demoInviteEmail = (n: number) => `invitee${n}@demo.test`;

export async function seedAuthFlows({ db, now, ids }: SeedContext): Promise<void> {
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', 'BROKERAGE_ADMIN')
    .executeTakeFirstOrThrow();
  const createdBy = ids.users['admin@demo.test'] ?? null;
  for (const [i, who] of INVITEES.entries()) {
    const n = i + 1;
    const { id } = await db
      .insertInto('users')
      .values({
        email: demoInviteEmail(n),
        first_name: who.first,
        last_name: who.last,
        status: 'INVITED',
        broker_id: ids.harborPoint,
        created_at: new Date(now.getTime() - DAY_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.users[demoInviteEmail(n)] = id;
    await db.insertInto('user_roles').values({ user_id: id, role_id: role.id, position: 0 }).execute();
    await openCode(db, {
      userId: id,
      kind: 'INVITE',
      createdBy,
      now,
      ttlMs: DEMO_INVITE_TTL_MS,
      code: `DEMO-INVITE-${n}`,
    });
  }
}
