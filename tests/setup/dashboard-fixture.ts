import { signIn, startTestServer, type Caller, type TestServer } from './test-server.ts';

export interface DashboardFixture {
  server: TestServer;
  ids: { harbor: number; maple: number };
  admin: Caller;
  csr: Caller;
  broker: Caller;
  basic: Caller;
  lender: Caller;
}

/** A fresh server with its clock fixed at `now`, the two active brokerages' ids and the callers the dashboard tests use. */
export async function startDashboardFixture(now: Date): Promise<DashboardFixture> {
  const server = await startTestServer();
  server.setNow(now);
  const b = await server.db.selectFrom('brokerages').select(['id', 'name']).execute();
  const ids = {
    harbor: b.find((x) => x.name === 'Harbor Point Realty')!.id,
    maple: b.find((x) => x.name === 'Maple & Main Homes')!.id,
  };
  const [admin, csr, broker, basic, lender] = (await Promise.all(
    ['admin@demo.test', 'csr@demo.test', 'broker@demo.test', 'broker.basic@demo.test', 'lender@demo.test'].map((u) =>
      signIn(server, u),
    ),
  )) as [Caller, Caller, Caller, Caller, Caller];
  return { server, ids, admin, csr, broker, basic, lender };
}
