import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { call, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// Pause, Deactivate, Delete and Reactivate on an agent (the rule AGENT_LIFECYCLE_FROM of
// src/contract/agents.ts), the Deleted filter and name search on My Agents, the picker's emails,
// and Pending Invitations without the expired ones.

const STAFF = ['admin@demo.test', 'manager@demo.test', 'qa@demo.test', 'supervisor@demo.test', 'engagement@demo.test'];
const REFUSED = ['csr@demo.test', 'opps@demo.test', 'lender@demo.test', 'agent'];

let server: TestServer;
const as: Record<string, Caller> = {};
let harbor: number;
let maple: number;
let seq = 0;

const letters = (n: number) =>
  n
    .toString(26)
    .split('')
    .map((d) => String.fromCharCode(97 + parseInt(d, 26)))
    .join('');
/** A fresh ACTIVE agent of the brokerage, with a phone sign-in. */
async function newAgent(brokerageId: number, lastName?: string): Promise<{ id: number; last: string }> {
  seq += 1;
  const last = lastName ?? `Steps ${letters(seq)}`;
  const res = await as['admin@demo.test']!.post('/agents-api/agents/enrollment', {
    brokerageId,
    firstName: 'Lane',
    lastName: last,
    email: `lane.${seq}@steps.example`,
    phone: `555-${600 + seq}-${2000 + seq}`,
  });
  expect(res.status).toBe(201);
  return { id: res.body.id, last };
}
const statusOf = async (id: number) =>
  (await server.db.selectFrom('agents').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const signInOf = async (id: number) =>
  await server.db
    .selectFrom('users')
    .select(['status', 'disabled_reason'])
    .where('agent_id', '=', id)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  server = await startTestServer();
  for (const who of [...STAFF, ...REFUSED.filter((w) => w !== 'agent'), 'broker@demo.test'])
    as[who] = await signIn(server, who);
  as['agent'] = await signIn(server, '+15550100001');
  const b = async (name: string) =>
    (await server.db.selectFrom('brokerages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  harbor = await b('Harbor Point Realty');
  maple = await b('Maple & Main Homes');
});
afterAll(async () => {
  await server.close();
});

describe('PATCH /agents-api/agents/:id/pause and /deactivate', () => {
  it.each([...STAFF, 'broker@demo.test'])(
    'pauses an active agent keeping the sign-in, resumes, deactivates ending the sign-in, and reactivates, for %s',
    async (who) => {
      const { id } = await newAgent(harbor);
      const paused = await as[who]!.patch(`/agents-api/agents/${id}/pause`);
      expect(paused.status).toBe(200);
      expect(paused.body.status).toBe('PAUSED');
      expect(await signInOf(id)).toEqual({ status: 'ACTIVE', disabled_reason: null });
      expect((await as[who]!.patch(`/agents-api/agents/${id}/pause`)).status).toBe(409);
      expect((await as[who]!.patch(`/agents-api/agents/${id}/reactivate`)).body.status).toBe('ACTIVE');

      const off = await as[who]!.patch(`/agents-api/agents/${id}/deactivate`);
      expect(off.status).toBe(200);
      expect(off.body.status).toBe('DEACTIVATED');
      expect(await signInOf(id)).toEqual({ status: 'DISABLED', disabled_reason: 'AGENT_DEACTIVATED' });
      expect((await as[who]!.patch(`/agents-api/agents/${id}/deactivate`)).status).toBe(409);
      expect((await as[who]!.patch(`/agents-api/agents/${id}/pause`)).status).toBe(409);
      expect((await as[who]!.patch(`/agents-api/agents/${id}/reactivate`)).body.status).toBe('ACTIVE');
      expect(await signInOf(id)).toEqual({ status: 'ACTIVE', disabled_reason: null });
      const actions = await server.db
        .selectFrom('audit_log')
        .select('action')
        .where('detail', 'like', `agent ${id} %`)
        .orderBy('id')
        .execute();
      expect(actions.map((a) => a.action)).toEqual([
        'AGENT_ENROLLED',
        'AGENT_PAUSED',
        'AGENT_REACTIVATED',
        'AGENT_DEACTIVATED',
        'AGENT_REACTIVATED',
      ]);
    },
  );

  it("ends a deactivated agent's session at once", async () => {
    const phone = '+15550100001';
    const agentId = (
      await server.db.selectFrom('users').select('agent_id').where('phone', '=', phone).executeTakeFirstOrThrow()
    ).agent_id!;
    const own = await signIn(server, phone);
    expect((await own.get(`/agents-api/agents/${agentId}`)).status).toBe(200);
    expect((await as['admin@demo.test']!.patch(`/agents-api/agents/${agentId}/deactivate`)).status).toBe(200);
    expect((await own.get(`/agents-api/agents/${agentId}`)).status).toBe(401);
    expect((await as['admin@demo.test']!.patch(`/agents-api/agents/${agentId}/reactivate`)).status).toBe(200);
    // Reactivated, the agent signs in again (the shared caller's tokens went with the deactivation).
    as['agent'] = await signIn(server, phone);
  });

  it.each(REFUSED)('refuses %s with 403 and changes nothing', async (who) => {
    const { id } = await newAgent(harbor);
    expect((await as[who]!.patch(`/agents-api/agents/${id}/pause`)).status).toBe(403);
    expect((await as[who]!.patch(`/agents-api/agents/${id}/deactivate`)).status).toBe(403);
    expect(await statusOf(id)).toBe('ACTIVE');
  });

  it("refuses a brokerage admin another brokerage's agent with 403, 404 to staff for no such agent, 401 without a token", async () => {
    const { id } = await newAgent(maple);
    expect((await as['broker@demo.test']!.patch(`/agents-api/agents/${id}/pause`)).status).toBe(403);
    expect((await as['broker@demo.test']!.patch(`/agents-api/agents/${id}/deactivate`)).status).toBe(403);
    expect(await statusOf(id)).toBe('ACTIVE');
    expect((await as['admin@demo.test']!.patch('/agents-api/agents/999999/pause')).status).toBe(404);
    expect((await call(server, 'PATCH', `/agents-api/agents/${id}/deactivate`)).status).toBe(401);
  });

  it('refuses to pause a deleted agent and says why', async () => {
    const { id } = await newAgent(harbor);
    expect((await as['broker@demo.test']!.delete(`/agents-api/agents/${id}`)).status).toBe(200);
    const res = await as['broker@demo.test']!.patch(`/agents-api/agents/${id}/pause`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Only an active agent can be paused; this one is DELETED/);
  });
});

describe('GET /agents-api/my-agents: deleted agents', () => {
  it('finds a deleted agent by a name search and by the Deleted filter, not on the default roster', async () => {
    const { id, last } = await newAgent(harbor, 'Vanishing Quill');
    expect((await as['broker@demo.test']!.delete(`/agents-api/agents/${id}`)).status).toBe(200);
    const ids = (r: { body: { content: { id: number }[] } }) => r.body.content.map((a) => a.id);
    const byName = await as['broker@demo.test']!.get(`/agents-api/my-agents?name=${encodeURIComponent(last)}`);
    expect(byName.status).toBe(200);
    expect(ids(byName)).toEqual([id]);
    expect(byName.body.content[0].status).toBe('DELETED');
    expect(byName.body.totalElements).toBe(1);
    const deleted = await as['broker@demo.test']!.get('/agents-api/my-agents?status=DELETED&pageSize=1000');
    expect(ids(deleted)).toContain(id);
    expect(deleted.body.content.every((a: { status: string }) => a.status === 'DELETED')).toBe(true);
    const roster = await as['broker@demo.test']!.get('/agents-api/my-agents?pageSize=1000');
    expect(ids(roster)).not.toContain(id);
    // A status chosen with a name keeps to that status.
    expect(
      (await as['broker@demo.test']!.get(`/agents-api/my-agents?name=${encodeURIComponent(last)}&status=ACTIVE`)).body
        .totalElements,
    ).toBe(0);
  });
});

describe('GET /agents-api/potentialAgents: pending and expired invitations', () => {
  it('lists under Invite pending only the invitations that can still be accepted, the expired ones under INVITE_EXPIRED, and the figures agree', async () => {
    const now = new Date();
    const made = await server.db
      .insertInto('potential_agents')
      .values([
        {
          brokerage_id: harbor,
          first_name: 'Open',
          last_name: 'Invite',
          email: 'open.invite@steps.example',
          phone: '+15556660001',
          status: 'INVITE_PENDING',
          invite_sent_at: now,
          invite_expires_at: new Date(now.getTime() + 86_400_000),
          invites_sent: 1,
          created_at: now,
          updated_at: now,
        },
        {
          brokerage_id: harbor,
          first_name: 'Late',
          last_name: 'Invite',
          email: 'late.invite@steps.example',
          phone: '+15556660002',
          status: 'INVITE_PENDING',
          invite_sent_at: now,
          invite_expires_at: new Date(now.getTime() - 86_400_000),
          invites_sent: 1,
          created_at: now,
          updated_at: now,
        },
      ])
      .returning('id')
      .execute();
    const [open, late] = made.map((r) => r.id);
    const list = async (status: string) => {
      const res = await as['broker@demo.test']!.get(`/agents-api/potentialAgents?status=${status}&pageSize=1000`);
      expect(res.status).toBe(200);
      return res.body as { content: { id: number; inviteExpired: boolean }[]; totalElements: number };
    };
    const pending = await list('INVITE_PENDING');
    expect(pending.content.map((p) => p.id)).toContain(open);
    expect(pending.content.map((p) => p.id)).not.toContain(late);
    expect(pending.content.every((p) => !p.inviteExpired)).toBe(true);
    const expired = await list('INVITE_EXPIRED');
    expect(expired.content.map((p) => p.id)).toContain(late);
    expect(expired.content.every((p) => p.inviteExpired)).toBe(true);
    const stats = await as['broker@demo.test']!.get(`/agents-api/brokerages/${harbor}/agentInvitations/stats`);
    expect(stats.body.counts.INVITE_PENDING).toBe(pending.totalElements);
    expect(stats.body.counts.INVITE_EXPIRED).toBe(expired.totalElements);
    expect((await as['broker@demo.test']!.get('/agents-api/potentialAgents?status=EXPIRED')).status).toBe(400);
  });
});
