import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { candidatesFor, leadFor } from '../../server/db/assignment.ts';
import { startTestServer, type TestServer } from '../setup/test-server.ts';

// The assignment rule's candidates include the market's nearest agents (at most 12) whose areas do not
// hold the ZIP. Migration 027 reads them per ZIP of the market in agent order; here the same set is
// chosen the plain way (every coverage row of the market, sorted by distance, then agent), for every
// ZIP of the seed, with and without a brokerage, and must be among the candidates.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function nearestPlainly(zip: string, brokerageId: number | null): Promise<number[]> {
  const rows = await sql<{ agent_id: number }>`select c.agent_id from agent_coverage_areas c
    join zip_codes z on z.zip = c.zip
    join zip_codes me on me.zip = ${zip} and me.market_id = z.market_id
    where c.zip <> ${zip} ${brokerageId !== null ? sql`and c.agent_id in (select id from agents where brokerage_id = ${brokerageId})` : sql``}
    order by abs(cast(c.zip as int) - cast(${zip} as int)), c.agent_id limit 12`.execute(server.db);
  return rows.rows.map((r) => r.agent_id);
}

describe('the nearest agents of the market', () => {
  it("are the plain query's agents for every seeded ZIP, with and without a brokerage", async () => {
    const zips = (
      await server.db.selectFrom('zip_codes').select('zip').where('market_id', 'is not', null).orderBy('zip').execute()
    ).map((z) => z.zip);
    const brokerages = [
      null,
      ...(await server.db.selectFrom('brokerages').select('id').orderBy('id').limit(2).execute()).map((b) => b.id),
    ];
    expect(zips.length).toBeGreaterThan(10);
    let withNeighbours = 0;
    for (const zip of zips) {
      for (const brokerageId of brokerages) {
        const expected = await nearestPlainly(zip, brokerageId);
        const lead = await leadFor(server.db, { opportunityId: null, brokerageId, zip });
        const got = new Set((await candidatesFor(server.db, lead, null, new Date())).map((c) => c.agentId));
        const missing = expected.filter((id) => !got.has(id));
        expect({ zip, brokerageId, missing }).toEqual({ zip, brokerageId, missing: [] });
        if (expected.length > 0) withNeighbours++;
      }
    }
    expect(withNeighbours).toBeGreaterThan(0);
  }, 120_000);
});
