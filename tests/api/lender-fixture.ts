import { afterAll, beforeAll } from 'vitest';

import { brokerageIdByName, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// The lender console's API tests share one setup: a seeded server, the four identities they act as,
// and the ids of the demo loan offices, Harbor Point and the lender user.
export const HEADER = 'X-Impersonated-User-Id';
export const REFERRALS = '/lenders-match-api/lender-assignments';
export const OFFICERS = '/lenders-api/loan-officers';

export interface LenderFixture {
  server: TestServer;
  lender: Caller;
  admin: Caller;
  broker: Caller;
  manager: Caller;
  ids: { summit: number; keystone: number; harbor: number; lenderUser: number };
}

/** Registers beforeAll/afterAll; the returned object is filled before the first test runs. */
export function useLenderFixture(): LenderFixture {
  const f = {} as LenderFixture;
  beforeAll(async () => {
    const server = await startTestServer();
    f.server = server;
    [f.lender, f.admin, f.broker, f.manager] = await Promise.all([
      signIn(server, 'lender@demo.test'),
      signIn(server, 'admin@demo.test'),
      signIn(server, 'broker@demo.test'),
      signIn(server, 'manager@demo.test'),
    ]);
    const office = async (name: string) =>
      (await server.db.selectFrom('loan_offices').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const harbor = await brokerageIdByName(server.db, 'Harbor Point Realty');
    const lenderUser = (
      await server.db.selectFrom('users').select('id').where('email', '=', 'lender@demo.test').executeTakeFirstOrThrow()
    ).id;
    f.ids = {
      summit: await office('Summit Home Loans'),
      keystone: await office('Keystone Mortgage'),
      harbor,
      lenderUser,
    };
  });
  afterAll(async () => {
    await f.server.close();
  });
  return f;
}
