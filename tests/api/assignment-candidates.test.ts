// The assignment rule's candidates carry only the coverage areas and exclusions that concern the
// lead's ZIP (server/db/assignment.ts candidatesFor): the decision over them equals the decision over
// every area and exclusion of each candidate, for ZIPs covered by ZIP, by city, excluded, and
// covered by nobody, in a brokerage and across all.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { candidatesFor, leadFor } from '../../server/db/assignment.ts';
import { decideAssignment, type AssignmentCandidate } from '../../src/lib/assignment-rule.ts';
import { startTestServer, type TestServer } from '../setup/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Each candidate again with every one of its areas (in id order) and exclusions (by ZIP). */
async function withEveryArea(candidates: AssignmentCandidate[]): Promise<AssignmentCandidate[]> {
  const db = server.db;
  const out: AssignmentCandidate[] = [];
  for (const c of candidates) {
    const coverage = await db
      .selectFrom('agent_coverage_areas')
      .select(['zip', 'city', 'state'])
      .where('agent_id', '=', c.agentId)
      .orderBy('id')
      .execute();
    const exclusions = await db
      .selectFrom('agent_excluded_areas')
      .select('zip')
      .where('agent_id', '=', c.agentId)
      .orderBy('zip')
      .execute();
    out.push({ ...c, coverage, exclusions: exclusions.map((x) => x.zip) });
  }
  return out;
}

describe('candidatesFor', () => {
  it('decides as it would with every area and exclusion of every candidate', async () => {
    const db = server.db;
    const now = new Date();
    // A city area whose city has a ZIP, and an exclusion, so both narrowed branches are exercised.
    const agent = (await db.selectFrom('agents').select(['id']).orderBy('id').limit(2).execute()).map((a) => a.id);
    const place = await db.selectFrom('zip_codes').select(['zip', 'city', 'state']).orderBy('zip').limit(3).execute();
    expect(place.length).toBe(3);
    await db
      .insertInto('agent_coverage_areas')
      .values({ agent_id: agent[0]!, zip: null, city: place[0]!.city.toUpperCase(), state: place[0]!.state })
      .execute();
    await db.insertInto('agent_excluded_areas').values({ agent_id: agent[1]!, zip: place[1]!.zip }).execute();
    const zips = (
      await sql<{ zip: string }>`select zip from (select distinct zip from agent_coverage_areas where zip is not null
        union select zip from agent_excluded_areas union select zip from zip_codes) z order by zip limit 40`.execute(db)
    ).rows.map((r) => r.zip);
    expect(zips).toEqual(expect.arrayContaining(place.map((p) => p.zip)));
    const brokerages = [null, ...(await db.selectFrom('brokerages').select('id').execute()).map((b) => b.id)];
    let compared = 0;
    for (const zip of [...zips, '00000']) {
      for (const brokerageId of brokerages) {
        const lead = await leadFor(db, { opportunityId: null, brokerageId, zip });
        const candidates = await candidatesFor(db, lead, null, now);
        const full = await withEveryArea(candidates);
        expect(decideAssignment(lead, candidates), `${zip} in ${brokerageId}`).toEqual(decideAssignment(lead, full));
        compared += candidates.length;
      }
    }
    expect(compared).toBeGreaterThan(40);
  });
});
