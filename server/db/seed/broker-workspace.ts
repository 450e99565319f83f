import { LANGUAGES } from '../../../src/contract/questionnaires.ts';
import { PRICE_RANGES } from '../../../src/lib/price-ranges.ts';
import type { SeedContext } from './core.ts';
import { insertMany, insertRows } from './insert.ts';
import { createRandom, DAY_MS, FIRST_NAMES, LAST_NAMES } from './random.ts';

/**
 * The broker workspace's demo rows (deterministic): potential agents of Harbor Point and Maple & Main in every
 * invitation state, and questionnaires for about half of the agents. Seeded pending invitations
 * carry no code (their emails predate the database); Resend sends a working link.
 */
export async function seedBrokerWorkspace(ctx: SeedContext): Promise<void> {
  const { db, now, scale, ids } = ctx;
  const rnd = createRandom(11 * 20261122);
  const admin = ids.users['broker@demo.test'] ?? null;
  const statuses = [
    'INVITE_PENDING',
    'INVITE_PENDING',
    'INVITE_PENDING',
    'INVITE_DECLINED',
    'INVITE_INVALIDATED',
    'ENROLLED',
  ] as const;
  for (const brokerage of [ids.harborPoint, ids.mapleMain]) {
    const rows = Array.from({ length: 6 * scale }, (_, i) => {
      const first = rnd.pick(FIRST_NAMES);
      const last = rnd.pick(LAST_NAMES);
      const status = statuses[i % statuses.length]!;
      // Sent 1 to 20 days ago (so some pending ones have expired); the first was sent yesterday, so every
      // brokerage has an invitation that can still be accepted (the same draws either way).
      const daysAgo = status === 'ENROLLED' ? 0 : rnd.int(1, 20);
      const sent = status === 'ENROLLED' ? null : new Date(now.getTime() - (i === 0 ? 1 : daysAgo) * DAY_MS);
      return {
        brokerage_id: brokerage,
        first_name: first,
        last_name: last,
        email: `${first}.${last}.invite${i}.${brokerage}@prospects.example`.toLowerCase(),
        phone: `+1555${String(700 + brokerage).padStart(3, '0')}${String(i).padStart(4, '0')}`,
        status,
        invite_code_hash: null,
        invite_sent_at: sent,
        invite_expires_at: sent ? new Date(sent.getTime() + 7 * DAY_MS) : null,
        invites_sent: sent ? rnd.int(1, 3) : 0,
        responded_at: status === 'INVITE_DECLINED' && sent ? new Date(sent.getTime() + DAY_MS) : null,
        created_by: brokerage === ids.harborPoint ? admin : null,
        created_at: sent ?? new Date(now.getTime() - 2 * DAY_MS),
        updated_at: sent ?? new Date(now.getTime() - 2 * DAY_MS),
      };
    });
    await insertMany(db, 'potential_agents', rows);
  }

  const agents = [...(ids.agentsByBrokerage[ids.harborPoint] ?? []), ...(ids.agentsByBrokerage[ids.mapleMain] ?? [])];
  const home: Record<number, string> = { [ids.harborPoint]: 'ME', [ids.mapleMain]: 'WI' };
  const brokerageOf = (agent: number) =>
    (ids.agentsByBrokerage[ids.harborPoint] ?? []).includes(agent) ? ids.harborPoint : ids.mapleMain;
  const zipBase: Record<string, number> = { ME: 4000, WI: 53000 };
  const rows = agents
    .filter((a) => a === ids.demoAgent || rnd.chance(0.5))
    .map((agent) => {
      const state = home[brokerageOf(agent)]!;
      const lo = rnd.int(0, 20);
      const hi = Math.min(PRICE_RANGES.length - 1, lo + rnd.int(4, 14));
      const zips = Array.from({ length: rnd.int(2, 6) }, () =>
        String(zipBase[state]! + rnd.int(1, 900)).padStart(5, '0'),
      );
      return {
        agent_id: agent,
        states: JSON.stringify(rnd.chance(0.2) ? [state, 'NH'].sort() : [state]),
        zip_codes: JSON.stringify([...new Set(zips)].sort()),
        price_min: PRICE_RANGES[lo]!,
        price_max: PRICE_RANGES[hi]!,
        buyer: rnd.chance(0.85),
        seller: rnd.chance(0.7),
        rental: rnd.chance(0.3),
        languages: JSON.stringify(rnd.chance(0.3) ? ['English', rnd.pick(LANGUAGES.slice(1))] : ['English']),
        years_experience: rnd.int(1, 25),
        updated_by: null,
        updated_at: new Date(now.getTime() - rnd.int(5, 200) * DAY_MS),
      };
    });
  await insertRows(db, 'agent_questionnaires', rows);
}
