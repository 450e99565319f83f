import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { call, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// The agent's lifecycle on the staff agent view (enrolment, soft delete, reactivation),
// excluded ZIPs beside coverage areas, MLS boards, and the agents' support cases.

const STAFF = ['admin@demo.test', 'manager@demo.test', 'qa@demo.test', 'supervisor@demo.test', 'engagement@demo.test'];
const OUTSIDERS = ['csr@demo.test', 'opps@demo.test', 'lender@demo.test'];

let server: TestServer;
const as: Record<string, Caller> = {};
let harbor: number;
let maple: number;
let harborAgent: number;
let mapleAgent: number;

const count = async (table: 'agents' | 'users' | 'agent_excluded_areas' | 'agent_mls_boards' | 'audit_log') =>
  Number(
    (
      await server.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

let phoneSeq = 0;
/** A number as letters (names hold no digits): 1 -> b, 27 -> bb. */
const letters = (n: number) =>
  n
    .toString(26)
    .split('')
    .map((d) => String.fromCharCode(97 + parseInt(d, 26)))
    .join('');
const enrolment = (brokerageId: number, extra: Record<string, unknown> = {}) => {
  phoneSeq += 1;
  return {
    brokerageId,
    firstName: 'Robin',
    lastName: `Enrolled ${letters(phoneSeq)}`,
    email: `robin.${phoneSeq}@enrol.example`,
    phone: `555-${700 + phoneSeq}-${1000 + phoneSeq}`,
    ...extra,
  };
};

beforeAll(async () => {
  server = await startTestServer();
  for (const who of [...STAFF, ...OUTSIDERS, 'broker@demo.test', 'broker.basic@demo.test'])
    as[who] = await signIn(server, who);
  as['agent'] = await signIn(server, '+15550100001');
  const b = async (name: string) =>
    (await server.db.selectFrom('brokerages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  harbor = await b('Harbor Point Realty');
  maple = await b('Maple & Main Homes');
  const firstActive = async (brokerageId: number) =>
    (
      await server.db
        .selectFrom('agents')
        .select('id')
        .where('brokerage_id', '=', brokerageId)
        .where('status', '=', 'ACTIVE')
        .where('phone', '<>', '+15550100001')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  harborAgent = await firstActive(harbor);
  mapleAgent = await firstActive(maple);
});
afterAll(async () => {
  await server.close();
});

describe('POST /agents-api/agents/enrollment', () => {
  it.each(STAFF)('enrols an ACTIVE agent with a phone sign-in into any brokerage for %s', async (who) => {
    const body = enrolment(maple);
    const res = await as[who]!.post('/agents-api/agents/enrollment', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      brokerageId: maple,
      status: 'ACTIVE',
      name: { first: 'Robin', last: body.lastName },
      email: body.email,
    });
    const user = await server.db
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select(['u.phone', 'u.agent_id', 'r.name'])
      .where('u.agent_id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ phone: res.body.phone, agent_id: res.body.id, name: 'AGENT' });
    expect(res.body.phone).toMatch(/^\+1\d{10}$/);
  });

  it('lets a brokerage admin enrol into their own brokerage, not another one', async () => {
    expect((await as['broker@demo.test']!.post('/agents-api/agents/enrollment', enrolment(harbor))).status).toBe(201);
    const before = await count('agents');
    const other = await as['broker@demo.test']!.post('/agents-api/agents/enrollment', enrolment(maple));
    expect(other.status).toBe(403);
    expect(await count('agents')).toBe(before);
  });

  it.each([...OUTSIDERS, 'agent'])('refuses %s with 403', async (who) => {
    expect((await as[who]!.post('/agents-api/agents/enrollment', enrolment(harbor))).status).toBe(403);
  });

  it.each([
    ['no body fields', {}],
    ['a bad email', { email: 'not-an-email' }],
    ['a short phone', { phone: '555-0101' }],
    ['an unknown field', { role: 'ADMIN' }],
    ['a brokerage id as text', { brokerageId: 'x' }],
  ])('answers 400 JSON for %s and writes nothing', async (_, patch) => {
    const [agents, users] = [await count('agents'), await count('users')];
    const body = Object.keys(patch).length === 0 ? {} : { ...enrolment(harbor), ...patch };
    const res = await as['admin@demo.test']!.post('/agents-api/agents/enrollment', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, message: expect.any(String) });
    expect([await count('agents'), await count('users')]).toEqual([agents, users]);
  });

  it('answers 400 for a brokerage that does not exist and 409 for a phone that already has an account, writing nothing', async () => {
    const [agents, users] = [await count('agents'), await count('users')];
    expect((await as['admin@demo.test']!.post('/agents-api/agents/enrollment', enrolment(999999))).status).toBe(400);
    const taken = await as['admin@demo.test']!.post('/agents-api/agents/enrollment', {
      ...enrolment(harbor),
      phone: '(555) 010-0001',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toHaveProperty('phone');
    expect([await count('agents'), await count('users')]).toEqual([agents, users]);
  });
});

describe('DELETE /agents-api/agents/{id} and PATCH .../reactivate', () => {
  it('soft-deletes to DELETED keeping the referrals readable, disables the sign-in, and reactivation brings the agent back', async () => {
    const created = await as['admin@demo.test']!.post('/agents-api/agents/enrollment', enrolment(harbor));
    const id = created.body.id as number;
    // A referral of the agent, to show it stays readable.
    const opp = await server.db
      .selectFrom('opportunities')
      .select('id')
      .where('brokerage_id', '=', harbor)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const ref = await server.db
      .insertInto('referrals')
      .values({
        agent_id: id,
        brokerage_id: harbor,
        opportunity_id: opp.id,
        type: 'BUYER',
        stage: 'AWAITING_FOLLOWUP',
        prospect_first: 'Kept',
        prospect_last: 'Readable',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const del = await as['engagement@demo.test']!.delete(`/agents-api/agents/${id}`);
    expect(del.status).toBe(200);
    expect(del.body.status).toBe('DELETED');
    expect(
      (await server.db.selectFrom('users').select('status').where('agent_id', '=', id).executeTakeFirstOrThrow())
        .status,
    ).toBe('DISABLED');
    expect(
      (await server.db.selectFrom('agents').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
    ).toBe('DELETED');
    const referral = await as['admin@demo.test']!.get(`/agents-api/agents/${id}/referrals/${ref.id}`);
    expect(referral.status).toBe(200);
    expect((await as['admin@demo.test']!.get(`/agents-api/agents/${id}`)).body.status).toBe('DELETED');
    // The default agents list leaves DELETED agents out.
    const list = await as['admin@demo.test']!.get(
      `/agents-api/agents?brokerageId=${harbor}&name=${encodeURIComponent(created.body.name.last)}`,
    );
    expect(list.body.totalElements).toBe(0);

    expect((await as['admin@demo.test']!.delete(`/agents-api/agents/${id}`)).status).toBe(409);

    const back = await as['manager@demo.test']!.patch(`/agents-api/agents/${id}/reactivate`);
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('ACTIVE');
    expect(
      (await server.db.selectFrom('users').select('status').where('agent_id', '=', id).executeTakeFirstOrThrow())
        .status,
    ).toBe('ACTIVE');
    expect((await as['manager@demo.test']!.patch(`/agents-api/agents/${id}/reactivate`)).status).toBe(409);
    const actions = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('detail', 'like', `agent ${id}%`)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['AGENT_ENROLLED', 'AGENT_DELETED', 'AGENT_REACTIVATED']);
  });

  it('reactivates an agent who still has an admin hold to ADMIN_HOLD', async () => {
    const created = await as['admin@demo.test']!.post('/agents-api/agents/enrollment', enrolment(harbor));
    const id = created.body.id as number;
    const reason = await server.db
      .selectFrom('admin_hold_reasons')
      .select('id')
      .where('active', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(
      (await as['admin@demo.test']!.post(`/agents-api/agents/${id}/adminHoldReason`, { reasonId: reason.id })).status,
    ).toBe(201);
    expect((await as['admin@demo.test']!.delete(`/agents-api/agents/${id}`)).status).toBe(200);
    expect((await as['admin@demo.test']!.patch(`/agents-api/agents/${id}/reactivate`)).body.status).toBe('ADMIN_HOLD');
  });

  it("lets a brokerage admin delete and reactivate their own agents, and refuses another brokerage's with 403", async () => {
    const created = await as['broker@demo.test']!.post('/agents-api/agents/enrollment', enrolment(harbor));
    expect((await as['broker@demo.test']!.delete(`/agents-api/agents/${created.body.id}`)).status).toBe(200);
    expect((await as['broker@demo.test']!.patch(`/agents-api/agents/${created.body.id}/reactivate`)).status).toBe(200);
    expect((await as['broker@demo.test']!.delete(`/agents-api/agents/${mapleAgent}`)).status).toBe(403);
    expect((await as['broker@demo.test']!.patch(`/agents-api/agents/${mapleAgent}/reactivate`)).status).toBe(403);
    expect(
      (await server.db.selectFrom('agents').select('status').where('id', '=', mapleAgent).executeTakeFirstOrThrow())
        .status,
    ).toBe('ACTIVE');
  });

  it.each([...OUTSIDERS, 'agent'])('refuses %s with 403', async (who) => {
    expect((await as[who]!.delete(`/agents-api/agents/${harborAgent}`)).status).toBe(403);
    expect((await as[who]!.patch(`/agents-api/agents/${harborAgent}/reactivate`)).status).toBe(403);
  });

  it('answers 404 to staff for an agent that does not exist, and 409 for reactivating an ACTIVE agent', async () => {
    expect((await as['admin@demo.test']!.delete('/agents-api/agents/999999')).status).toBe(404);
    expect((await as['admin@demo.test']!.patch('/agents-api/agents/999999/reactivate')).status).toBe(404);
    expect((await as['admin@demo.test']!.patch(`/agents-api/agents/${harborAgent}/reactivate`)).status).toBe(409);
  });

  it('answers 401 without a token', async () => {
    expect((await call(server, 'DELETE', `/agents-api/agents/${harborAgent}`)).status).toBe(401);
  });
});

describe('excluded areas', () => {
  it('adds and removes an excluded ZIP for staff, and the assignment rule then skips the agent for that ZIP', async () => {
    const cover = await server.db
      .selectFrom('agent_coverage_areas')
      .select(['agent_id', 'zip'])
      .where('zip', 'is not', null)
      .where('agent_id', 'not in', server.db.selectFrom('agent_excluded_areas').select('agent_id'))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const zip = cover.zip!;
    const brokerage = (
      await server.db
        .selectFrom('agents')
        .select('brokerage_id')
        .where('id', '=', cover.agent_id)
        .executeTakeFirstOrThrow()
    ).brokerage_id;
    const verdict = async () => {
      const res = await as['admin@demo.test']!.get(
        `/interviews-api/agentAssignments/explain?zip=${zip}&brokerageId=${brokerage}&pageSize=1000`,
      );
      expect(res.status).toBe(200);
      return (res.body.candidates as { agentId: number; checks: { check: string; passed: boolean }[] }[])
        .find((c) => c.agentId === cover.agent_id)
        ?.checks.find((k) => k.check === 'EXCLUSION');
    };
    expect((await verdict())?.passed).toBe(true);

    const added = await as['supervisor@demo.test']!.post(`/agents-api/agents/${cover.agent_id}/excludedAreas/${zip}`);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ agentId: cover.agent_id, zip });
    expect(
      (await as['supervisor@demo.test']!.post(`/agents-api/agents/${cover.agent_id}/excludedAreas/${zip}`)).status,
    ).toBe(409);
    expect(
      (await as['admin@demo.test']!.get(`/agents-api/agents/${cover.agent_id}/excludedAreas`)).body.map(
        (a: { zip: string }) => a.zip,
      ),
    ).toContain(zip);
    expect((await verdict())?.passed).toBe(false);

    expect(
      (await as['supervisor@demo.test']!.delete(`/agents-api/agents/${cover.agent_id}/excludedAreas/${zip}`)).status,
    ).toBe(200);
    expect(
      (await as['supervisor@demo.test']!.delete(`/agents-api/agents/${cover.agent_id}/excludedAreas/${zip}`)).status,
    ).toBe(404);
    expect((await verdict())?.passed).toBe(true);
  });

  it('answers 400 for a ZIP that is not 5 digits and writes nothing', async () => {
    const before = await count('agent_excluded_areas');
    for (const bad of ['1234', '123456', 'abcde']) {
      const res = await as['admin@demo.test']!.post(`/agents-api/agents/${harborAgent}/excludedAreas/${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty('areaId');
    }
    expect(await count('agent_excluded_areas')).toBe(before);
  });

  it('lets the brokerage admin and the agent read, but not change, exclusions; another brokerage is 403', async () => {
    expect((await as['broker@demo.test']!.get(`/agents-api/agents/${harborAgent}/excludedAreas`)).status).toBe(200);
    expect((await as['broker@demo.test']!.get(`/agents-api/agents/${mapleAgent}/excludedAreas`)).status).toBe(403);
    expect((await as['broker@demo.test']!.post(`/agents-api/agents/${harborAgent}/excludedAreas/04101`)).status).toBe(
      403,
    );
    expect((await as['csr@demo.test']!.get(`/agents-api/agents/${harborAgent}/excludedAreas`)).status).toBe(403);
    expect((await as['admin@demo.test']!.get('/agents-api/agents/999999/excludedAreas')).status).toBe(404);
  });
});

describe('GET /agents-api/mls-board', () => {
  it("lists the boards of a state, and marks the agent's own with agentId", async () => {
    const all = await as['admin@demo.test']!.get('/agents-api/mls-board');
    expect(all.status).toBe(200);
    const seeded = await server.db.selectFrom('mls_boards').select('code').execute();
    expect(all.body).toHaveLength(seeded.length);
    const me = await as['admin@demo.test']!.get('/agents-api/mls-board?state=me');
    expect(me.body.every((b: { state: string }) => b.state === 'ME')).toBe(true);
    const mine = await as['agent']!.get(
      '/agents-api/mls-board?agentId=' +
        (
          await server.db
            .selectFrom('agents')
            .select('id')
            .where('phone', '=', '+15550100001')
            .executeTakeFirstOrThrow()
        ).id,
    );
    expect(mine.status).toBe(200);
    const selected = mine.body.filter((b: { selected: boolean }) => b.selected);
    expect(selected.length).toBeGreaterThan(0);
    expect(selected.every((b: { state: string }) => b.state === 'ME')).toBe(true);
  });

  it("saves the agent's boards with PUT .../mls-boards and refuses unknown boards with nothing written", async () => {
    const boards = (await as['admin@demo.test']!.get('/agents-api/mls-board?state=WI')).body as { id: number }[];
    const res = await as['broker.basic@demo.test']!.put(`/agents-api/agents/${mapleAgent}/mls-boards`, {
      boardIds: boards.map((b) => b.id),
    });
    expect(res.status).toBe(200);
    expect(
      res.body
        .filter((b: { selected: boolean }) => b.selected)
        .map((b: { id: number }) => b.id)
        .sort(),
    ).toEqual(boards.map((b) => b.id).sort());
    const before = await count('agent_mls_boards');
    const bad = await as['admin@demo.test']!.put(`/agents-api/agents/${mapleAgent}/mls-boards`, { boardIds: [999999] });
    expect(bad.status).toBe(400);
    expect(await count('agent_mls_boards')).toBe(before);
    expect(
      (await as['broker@demo.test']!.put(`/agents-api/agents/${mapleAgent}/mls-boards`, { boardIds: [] })).status,
    ).toBe(403);
    expect((await as['broker@demo.test']!.get(`/agents-api/mls-board?agentId=${mapleAgent}`)).status).toBe(403);
  });

  it('answers 400 for a bad state', async () => {
    expect((await as['admin@demo.test']!.get('/agents-api/mls-board?state=Maine')).status).toBe(400);
  });
});

describe('GET /interviews-api/agent-support/cases', () => {
  it.each(STAFF)("lists the demo agent's cases newest first for %s", async (who) => {
    const demo = (
      await server.db.selectFrom('agents').select('id').where('phone', '=', '+15550100001').executeTakeFirstOrThrow()
    ).id;
    const res = await as[who]!.get(`/interviews-api/agent-support/cases?agentId=${demo}`);
    expect(res.status).toBe(200);
    const rows = await server.db
      .selectFrom('agent_support_cases')
      .select(['id', 'status'])
      .where('agent_id', '=', demo)
      .orderBy('created_at', 'desc')
      .execute();
    expect(res.body.totalElements).toBe(rows.length);
    expect(res.body.content.map((c: { id: number }) => c.id)).toEqual(rows.map((r) => r.id));
    expect(res.body.openCount).toBe(rows.filter((r) => r.status === 'OPEN' || r.status === 'PENDING').length);
    expect(res.body.content[0].subject).toBe('Cannot sign in with the one-time code');
  });

  it("filters by status and pages every agent's cases for staff", async () => {
    const res = await as['admin@demo.test']!.get(
      '/interviews-api/agent-support/cases?status=OPEN,PENDING&pageSize=5&pageIndex=1',
    );
    expect(res.status).toBe(200);
    const n = await server.db
      .selectFrom('agent_support_cases')
      .where('status', 'in', ['OPEN', 'PENDING'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(res.body.totalElements).toBe(Number(n.n));
    expect(res.body.content.length).toBeLessThanOrEqual(5);
  });

  it("lets a brokerage admin read their agents' cases only", async () => {
    expect(
      (await as['broker@demo.test']!.get(`/interviews-api/agent-support/cases?agentId=${harborAgent}`)).status,
    ).toBe(200);
    expect(
      (await as['broker@demo.test']!.get(`/interviews-api/agent-support/cases?agentId=${mapleAgent}`)).status,
    ).toBe(403);
    expect((await as['broker@demo.test']!.get('/interviews-api/agent-support/cases')).status).toBe(403);
  });

  it.each([...OUTSIDERS, 'agent'])('refuses %s with 403', async (who) => {
    expect((await as[who]!.get(`/interviews-api/agent-support/cases?agentId=${harborAgent}`)).status).toBe(403);
  });

  it('answers 400 JSON for a bad status or page, 404 to staff for an unknown agent', async () => {
    expect((await as['admin@demo.test']!.get('/interviews-api/agent-support/cases?status=DONE')).status).toBe(400);
    expect((await as['admin@demo.test']!.get('/interviews-api/agent-support/cases?pageSize=0')).status).toBe(400);
    expect((await as['admin@demo.test']!.get('/interviews-api/agent-support/cases?agentId=999999')).status).toBe(404);
  });
});
