import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  AgentAssignment,
  AgentAssignmentDetail,
  AssignmentExplanation,
  MarketPage,
  ZipCode,
} from '../../src/contract/agent-assignments.ts';
import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

type Page<T> = { content: T[]; totalElements: number };
const BASE = '/interviews-api/agentAssignments';

let server: TestServer;
let admin: Caller;
let manager: Caller;
let supervisor: Caller;
let engagement: Caller;
let qa: Caller;
let broker: Caller;
let csr: Caller;

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, supervisor, engagement, qa, broker, csr] = (await Promise.all(
    [
      'admin@demo.test',
      'manager@demo.test',
      'supervisor@demo.test',
      'engagement@demo.test',
      'qa@demo.test',
      'broker@demo.test',
      'csr@demo.test',
    ].map((e) => signIn(server, e)),
  )) as [Caller, Caller, Caller, Caller, Caller, Caller, Caller];
});
afterAll(async () => {
  await server.close();
});

const seededAssignments = async (mode: 'AUTOMATIC' | 'FORCED') =>
  (await admin.get<Page<AgentAssignment>>(`${BASE}?mode=${mode}&pageSize=50`)).body.content;

describe('the demo seed', () => {
  it('records automatic and forced assignments whose agents hold the referral the rule created', async () => {
    const auto = await seededAssignments('AUTOMATIC');
    const forced = await seededAssignments('FORCED');
    expect(auto.length).toBe(5);
    expect(forced.length).toBe(1);
    for (const a of [...auto, ...forced]) {
      const opp = await server.db
        .selectFrom('opportunities')
        .select(['agent_id', 'status'])
        .where('id', '=', a.opportunityId)
        .executeTakeFirstOrThrow();
      expect(opp).toEqual({ agent_id: a.agent?.id, status: 'ASSIGNED_TO_AGENT' });
      const ref = await server.db
        .selectFrom('referrals')
        .select(['agent_id', 'opportunity_id'])
        .where('id', '=', a.referralId ?? 0)
        .executeTakeFirstOrThrow();
      expect(ref).toEqual({ agent_id: a.agent?.id, opportunity_id: a.opportunityId });
      expect(a.candidateCount).toBeGreaterThan(1);
    }
    expect(forced[0]?.forcedBy?.name).toBe('Alex Admin');
    expect(auto.every((a) => a.forcedBy === null)).toBe(true);
  });

  it('explains a forced assignment: the forced agent is chosen "Forced by", the rule winner is shown', async () => {
    const [forced] = await seededAssignments('FORCED');
    const detail = (await manager.get<AgentAssignmentDetail>(`${BASE}/${forced!.id}`)).body;
    const chosen = detail.candidates.filter((c) => c.outcome === 'CHOSEN');
    expect(chosen.map((c) => c.agentId)).toEqual([forced!.agent!.id]);
    expect(chosen[0]!.reasons[0]).toBe('Forced by Alex Admin');
    expect(
      detail.candidates.some((c) =>
        c.reasons.includes('The rule would have chosen this agent; the assignment was forced'),
      ),
    ).toBe(true);
    expect(detail.summary).toMatch(/^Forced by Alex Admin to .+; the rule would have chosen /);
  });

  it('explains an automatic assignment with every candidate: chosen by rank, skipped with the failing check', async () => {
    const auto = await seededAssignments('AUTOMATIC');
    const details = await Promise.all(
      auto.map(async (a) => (await supervisor.get<AgentAssignmentDetail>(`${BASE}/${a.id}`)).body),
    );
    for (const d of details) {
      const chosen = d.candidates.filter((c) => c.outcome === 'CHOSEN');
      expect(chosen).toHaveLength(1);
      expect(chosen[0]!.position).toBe(1);
      expect(chosen[0]!.checks.filter((k) => k.check !== 'RANK').every((k) => k.passed)).toBe(true);
      for (const s of d.candidates.filter((c) => !c.eligible)) {
        expect(s.reasons.length).toBeGreaterThan(0);
        expect(s.checks.some((k) => !k.passed)).toBe(true);
      }
    }
    // One seeded opportunity was declined by the rule's first choice, who is skipped for it.
    const declined = details
      .flatMap((d) => d.candidates)
      .filter((c) => c.reasons.includes('Already declined this opportunity'));
    expect(declined.length).toBeGreaterThanOrEqual(1);
    // Coverage skips: a market neighbour whose areas do not hold the ZIP.
    expect(
      details.flatMap((d) => d.candidates).some((c) => c.checks.some((k) => k.check === 'COVERAGE' && !k.passed)),
    ).toBe(true);
  });
});

describe('candidates a page at a time', () => {
  /** Every page of `path` at `size`, concatenated, with the total each page reported. */
  const allPages = async <T extends { candidates: { agentId: number; position: number }[]; candidateCount: number }>(
    path: string,
    size: number,
  ) => {
    const seen: { agentId: number; position: number }[] = [];
    const totals = new Set<number>();
    for (let page = 0; ; page++) {
      const res = await admin.get<T>(`${path}${path.includes('?') ? '&' : '?'}pageIndex=${page}&pageSize=${size}`);
      expect(res.status).toBe(200);
      totals.add(res.body.candidateCount);
      expect(res.body.candidates.length).toBeLessThanOrEqual(size);
      if (res.body.candidates.length === 0) break;
      seen.push(...res.body.candidates.map((c) => ({ agentId: c.agentId, position: c.position })));
    }
    return { seen, totals: [...totals] };
  };

  it("pages the explanation's candidates in the rule's order, and candidateCount is all of them", async () => {
    const busiest = (
      await sql<{ zip: string }>`select zip from agent_coverage_areas where zip is not null
        group by zip order by count(*) desc, zip limit 1`.execute(server.db)
    ).rows[0]!.zip;
    const whole = (await admin.get<AssignmentExplanation>(`${BASE}/explain?zip=${busiest}&pageSize=1000`)).body;
    expect(whole.candidates.length).toBeGreaterThanOrEqual(3);
    expect(whole.candidateCount).toBe(whole.candidates.length);
    const { seen, totals } = await allPages<AssignmentExplanation>(`${BASE}/explain?zip=${busiest}`, 2);
    expect(totals).toEqual([whole.candidateCount]);
    expect(seen).toEqual(whole.candidates.map((c) => ({ agentId: c.agentId, position: c.position })));
    expect(seen.map((c) => c.position)).toEqual(seen.map((_, i) => i + 1));
    // Asked for no page, the first 10 come, as from every list.
    const first = (await admin.get<AssignmentExplanation>(`${BASE}/explain?zip=${busiest}`)).body;
    expect(first.candidates).toEqual(whole.candidates.slice(0, 10));
  });

  it("pages a recorded decision's candidates, and candidateCount is all of them", async () => {
    const most = (
      await sql<{ assignment_id: number }>`select assignment_id from agent_assignment_candidates
        group by assignment_id order by count(*) desc, assignment_id limit 1`.execute(server.db)
    ).rows[0]!.assignment_id;
    const whole = (await admin.get<AgentAssignmentDetail>(`${BASE}/${most}?pageSize=1000`)).body;
    expect(whole.candidates.length).toBeGreaterThanOrEqual(2);
    expect(whole.candidateCount).toBe(whole.candidates.length);
    const { seen, totals } = await allPages<AgentAssignmentDetail>(`${BASE}/${most}`, 1);
    expect(totals).toEqual([whole.candidateCount]);
    expect(seen).toEqual(whole.candidates.map((c) => ({ agentId: c.agentId, position: c.position })));
  });

  it('refuses a page size out of range or not a number with 400', async () => {
    const [a] = await seededAssignments('AUTOMATIC');
    for (const bad of ['pageSize=0', 'pageSize=1001', 'pageSize=ten', 'pageIndex=-1']) {
      const explain = await admin.get(`${BASE}/explain?opportunityId=${a!.opportunityId}&${bad}`);
      expect(explain.status, bad).toBe(400);
      expect((await admin.get(`${BASE}/${a!.id}?${bad}`)).status, bad).toBe(400);
    }
  });
});

describe('explain', () => {
  it("for an opportunity answers the rule's current decision and the recorded history", async () => {
    const [a] = await seededAssignments('AUTOMATIC');
    const res = await engagement.get<AssignmentExplanation>(`${BASE}/explain?opportunityId=${a!.opportunityId}`);
    expect(res.status).toBe(200);
    expect(res.body.history.map((h) => h.id)).toContain(a!.id);
    expect(res.body.zip).toMatch(/^041\d\d$/);
    // every candidate is in the opportunity's brokerage
    const agents = await server.db
      .selectFrom('agents')
      .select(['id', 'brokerage_id'])
      .where(
        'id',
        'in',
        res.body.candidates.map((c) => c.agentId),
      )
      .execute();
    expect(new Set(agents.map((x) => x.brokerage_id)).size).toBe(1);
  });

  it('for a ZIP code lists agents covering it, with the city and state of zipCodes', async () => {
    const cov = (
      await sql<{
        zip: string;
      }>`select zip from agent_coverage_areas where zip like '041%' order by zip limit 1`.execute(server.db)
    ).rows[0]!.zip;
    const res = await admin.get<AssignmentExplanation>(`${BASE}/explain?zip=${cov}&pageSize=1000`);
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('ME');
    const covering = (
      await sql<{ agent_id: number }>`select agent_id from agent_coverage_areas where zip = ${cov}`.execute(server.db)
    ).rows.map((r) => r.agent_id);
    for (const id of covering) expect(res.body.candidates.map((c) => c.agentId)).toContain(id);
  });

  it('refuses a request with neither an opportunity nor a ZIP, and a bad ZIP, with 400', async () => {
    expect((await admin.get(`${BASE}/explain`)).status).toBe(400);
    expect((await admin.get(`${BASE}/explain?zip=123`)).status).toBe(400);
    expect((await admin.get(`${BASE}/explain?opportunityId=999999`)).status).toBe(404);
  });

  it("words each refusal at the field the lookup typed it in (the contract's messages, the console's own)", async () => {
    const fieldOf = async (q: string) =>
      (await admin.get<{ fields?: Record<string, string> }>(`${BASE}/explain?${q}`)).body.fields;
    expect(await fieldOf('zip=0410')).toEqual({ zip: 'ZIP must be exactly 5 digits' });
    expect(await fieldOf('opportunityId=12a')).toEqual({ opportunityId: 'Enter an opportunity ID (digits)' });
    expect(await fieldOf('opportunityId=1234567890')).toEqual({ opportunityId: 'Enter an opportunity ID (digits)' });
    expect(await fieldOf('opportunityId=999999')).toEqual({ opportunityId: 'No opportunity has this ID' });
    const list = await admin.get<{ fields?: Record<string, string> }>(`${BASE}?zip=9810&mode=SOMETIMES`);
    expect([list.status, list.body.fields]).toEqual([
      400,
      { mode: 'mode must be AUTOMATIC or FORCED', zip: 'ZIP must be exactly 5 digits' },
    ]);
  });
});

describe('automatic assignment', () => {
  it("assigns through the rule, records the decision, and answers the explanation's choice", async () => {
    const opp = (
      await sql<{ id: number }>`select id from opportunities where status = 'CONTACT_ESTABLISHED' and agent_id is null
      and brokerage_id = (select id from brokerages where name = 'Harbor Point Realty') order by id desc limit 40`.execute(
        server.db,
      )
    ).rows;
    let done: AgentAssignmentDetail | null = null;
    for (const { id } of opp) {
      const explained = (await admin.get<AssignmentExplanation>(`${BASE}/explain?opportunityId=${id}`)).body;
      if (explained.chosenAgentId === null) {
        const res = await admin.post(BASE, { opportunityId: id });
        expect(res.status).toBe(409);
        continue;
      }
      const res = await admin.post<AgentAssignmentDetail>(BASE, { opportunityId: id });
      expect(res.status).toBe(201);
      expect(res.body.agent?.id).toBe(explained.chosenAgentId);
      expect(res.body.mode).toBe('AUTOMATIC');
      done = res.body;
      break;
    }
    expect(done).not.toBeNull();
    const opp2 = await server.db
      .selectFrom('opportunities')
      .select('agent_id')
      .where('id', '=', done!.opportunityId)
      .executeTakeFirstOrThrow();
    expect(opp2.agent_id).toBe(done!.agent!.id);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = Number(
      (await sql<{ n: number }>`select count(*)::int as n from agent_assignments`.execute(server.db)).rows[0]!.n,
    );
    expect((await admin.post(BASE, { opportunityId: 'x' })).status).toBe(400);
    expect((await admin.post(BASE, {})).status).toBe(400);
    expect((await admin.post(BASE, { opportunityId: 999999 })).status).toBe(404);
    const after = Number(
      (await sql<{ n: number }>`select count(*)::int as n from agent_assignments`.execute(server.db)).rows[0]!.n,
    );
    expect(after).toBe(before);
  });

  it('a forced assignment through agent-connection is recorded with who forced it', async () => {
    const [forced] = await seededAssignments('FORCED');
    const detail = (await admin.get<AgentAssignmentDetail>(`${BASE}/${forced!.id}`)).body;
    const other = detail.candidates.find((c) => c.outcome === 'SKIPPED' && c.eligible);
    expect(other).toBeDefined();
    const res = await engagement.post('/interviews-api/agent-connection/forceReferralAssignment', {
      agentId: other!.agentId,
      opportunityId: forced!.opportunityId,
    });
    expect(res.status).toBe(201);
    const latest = (await admin.get<Page<AgentAssignment>>(`${BASE}?opportunityId=${forced!.opportunityId}`)).body
      .content[0]!;
    expect(latest.mode).toBe('FORCED');
    expect(latest.agent?.id).toBe(other!.agentId);
    const user = await server.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('email', '=', 'engagement@demo.test')
      .executeTakeFirstOrThrow();
    expect(latest.forcedBy).toEqual({ id: user.id, name: `${user.first_name} ${user.last_name}` });
  });
});

describe('roles (spec 1 section 6: ADMIN, MANAGER, CSR_SUPERVISOR, AGENT_ENGAGEMENT)', () => {
  it('admits the four list roles and refuses QA, brokerage admins and CSRs on every call', async () => {
    // zipCodes and markets admit more roles (the geography screens): tests/api/geography-address.test.ts
    const paths = [BASE, `${BASE}/explain?zip=04101`];
    for (const p of paths) {
      for (const who of [admin, manager, supervisor, engagement]) expect((await who.get(p)).status, p).toBe(200);
      for (const who of [qa, broker, csr]) expect((await who.get(p)).status, p).toBe(403);
    }
    expect((await broker.post(BASE, { opportunityId: 1 })).status).toBe(403);
  });

  it('answers the geography: a ZIP with its market, and the markets with their ZIP counts', async () => {
    const zip = (await admin.get<ZipCode>('/interviews-api/zipCodes/04101')).body;
    expect(zip).toEqual({ zip: '04101', city: 'Portland', state: 'ME', market: 'Portland Metro' });
    expect((await admin.get('/interviews-api/zipCodes/99999')).status).toBe(404);
    const markets = (await admin.get<MarketPage>('/interviews-api/markets?pageSize=20')).body;
    expect(markets.totalElements).toBe(6);
    const n = Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from zip_codes where market_id = ${markets.content[0]!.id}`.execute(server.db)
      ).rows[0]!.n,
    );
    expect(markets.content[0]!.zipCount).toBe(n);
  });
});
