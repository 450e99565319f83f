import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { ANALYTICS_LIMIT } from '../../server/routes/analytics-api/analytics.ts';
import { call, signIn, startTestServer, type TestServer } from '../setup/test-server.ts';

// The security review: the anonymous analytics collector (item 6), impossible dates (item 7)
// and the content security policy of the recording player (item 9).

let server: TestServer;
let staticDir: string;
beforeAll(async () => {
  server = await startTestServer();
  staticDir = mkdtempSync(path.join(tmpdir(), 'porchlight-csp-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
});
afterAll(async () => {
  rmSync(staticDir, { recursive: true, force: true });
  await server.close();
});

const collect = (body: unknown, headers: Record<string, string> = {}) =>
  call(server, 'POST', '/analytics-api/collect', { body, headers });
const storedPaths = async () =>
  (await server.db.selectFrom('analytics_events').select('path').orderBy('id').execute()).map((e) => e.path);
const pageView = (path: string, measurementId = 'PL-BROKER') => ({ measurementId, kind: 'page_view', path });

describe("the analytics collector takes only the console's own events", () => {
  it.each(['G-ABC123XYZ', 'PL-OTHER', 'pl-broker'])(
    "refuses the measurement id %s that is not the console's, storing nothing",
    async (id) => {
      const before = await storedPaths();
      const res = await collect(pageView('/console', id));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, fields: { measurementId: expect.any(String) } });
      expect(await storedPaths()).toEqual(before);
    },
  );

  it('stores an address as its route pattern: no id, email, invite code, query or fragment', async () => {
    await server.db.deleteFrom('analytics_events').execute();
    const sent = [
      '/console/agents/view/4711',
      '/console/my-agents/view/123/referral/98765?email=jane.doe@example.com#notes',
      '/register/jane.doe@example.com',
      '/agent-onboarding/INV-5550100001/decline',
      '/console?name=Jane%20Doe',
    ];
    for (const p of sent) expect((await collect(pageView(p))).status).toBe(204);
    const paths = await storedPaths();
    expect(paths).toEqual([
      '/console/agents/view/:id',
      '/console/my-agents/view/:id/referral/:referralId',
      '/register/:code',
      '/agent-onboarding/:inviteCode/decline',
      '/console',
    ]);
    expect(paths.filter((p) => /\d|@|\?|#|jane/i.test(p))).toEqual([]);
  });

  it.each([
    ['a path that is no page of the console', '/console/agents/4711'],
    ['free text', '/jane.doe@example.com/555-010-0001'],
    ['a broken escape', '/register/%E0%A4%A'],
    ['no leading slash', 'console/agents'],
  ])('refuses %s with a 400 JSON body, storing nothing', async (_what, p) => {
    const before = await storedPaths();
    const res = await collect(pageView(p));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, fields: { path: expect.any(String) } });
    expect(await storedPaths()).toEqual(before);
  });

  it('takes 20 page loads a minute for ten minutes from one address (a broker paging through lists)', () => {
    expect(ANALYTICS_LIMIT.max).toBeGreaterThanOrEqual(20 * 10);
  });

  it(`answers 429 with Retry-After past ${ANALYTICS_LIMIT.max} events from one address in ${ANALYTICS_LIMIT.windowMs / 60_000} minutes, and takes events again after the window`, async () => {
    // A clock of its own, past every event the tests above stored (they count for the same address).
    const t0 = new Date(Date.now() + 3600_000);
    server.setNow(t0);
    const before = (await storedPaths()).length;
    const answers = [];
    for (let i = 0; i < ANALYTICS_LIMIT.max + 3; i++) answers.push(await collect(pageView('/console/agents')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.slice(0, ANALYTICS_LIMIT.max).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(ANALYTICS_LIMIT.max).every((s) => s === 429)).toBe(true);
    const refused = answers[ANALYTICS_LIMIT.max]!;
    expect(refused.body).toMatchObject({ status: 429 });
    const wait = Number(refused.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(ANALYTICS_LIMIT.windowMs / 1000);
    expect((await storedPaths()).length - before).toBe(ANALYTICS_LIMIT.max);
    // A browser that opts out is neither stored nor counted, so it is never refused.
    expect((await collect(pageView('/console/agents'), { DNT: '1' })).status).toBe(204);

    server.setNow(new Date(t0.getTime() + ANALYTICS_LIMIT.windowMs + 1000));
    expect((await collect(pageView('/console/agents'))).status).toBe(204);
    expect((await storedPaths()).length - before).toBe(ANALYTICS_LIMIT.max + 1);
  });
});

describe('dates the calendar does not have', () => {
  it.each([
    '0000-01-01T00:00:00Z',
    '2024-02-31T00:00:00Z',
    '2023-02-29T12:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-01-01T24:00:00Z',
    '2201-01-01T00:00:00Z',
  ])('refuses psiLastLogin %s with a 400 JSON body and writes nothing', async (psiLastLogin) => {
    const admin = await signIn(server, 'admin@demo.test');
    const id = (await admin.get('/users-api/users/me')).body.id as number;
    const row = () =>
      server.db
        .selectFrom('users')
        .select(['psi_last_login', 'first_name'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const before = await row();
    const res = await admin.patch(`/users-api/users/${id}`, { psiLastLogin, firstName: 'Changed' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, error: 'Bad Request', fields: { psiLastLogin: expect.any(String) } });
    expect(await row()).toEqual(before);
  });

  it('stores a leap day with an offset as the instant it names', async () => {
    const admin = await signIn(server, 'admin@demo.test');
    const id = (await admin.get('/users-api/users/me')).body.id as number;
    const res = await admin.patch(`/users-api/users/${id}`, { psiLastLogin: '2024-02-29T23:30:00.250-02:00' });
    expect(res.status).toBe(200);
    expect(res.body.psiLastLogin).toBe('2024-03-01T01:30:00.250Z');
    const row = await server.db
      .selectFrom('users')
      .select('psi_last_login')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.psi_last_login!).toISOString()).toBe('2024-03-01T01:30:00.250Z');
  });

  it.each([
    ['/interviews-api/qa-reviews/figures?since=0000-01-01T00:00:00Z', 'since'],
    ['/interviews-api/qa-reviews/figures?since=2024-02-31T00:00:00Z', 'since'],
    ['/interviews-api/qa-reviews?from=2024-02-30T00:00:00Z', 'from'],
    ['/leads-api/leadstats/1?ingestedDate=0000-01', 'ingestedDate'],
  ])('refuses %s with a 400 naming the field', async (url, field) => {
    const admin = await signIn(server, 'admin@demo.test');
    const res = await admin.get(url);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, fields: { [field]: expect.any(String) } });
  });

  it("refuses an agent's desktop access time the calendar does not have, and writes nothing", async () => {
    const admin = await signIn(server, 'admin@demo.test');
    const agent = await server.db
      .selectFrom('agents')
      .select(['id', 'agent_desktop_last_accessed'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await admin.patch(`/agents-api/agents/${agent.id}`, {
      agentDesktopLastAccessed: '2024-02-31T00:00:00Z',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, fields: { agentDesktopLastAccessed: expect.any(String) } });
    const after = await server.db
      .selectFrom('agents')
      .select('agent_desktop_last_accessed')
      .where('id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(after.agent_desktop_last_accessed).toEqual(agent.agent_desktop_last_accessed);
  });
});

describe("the content security policy of the console's pages", () => {
  it('lets media play from blob: URLs (the recording player) and widens nothing else', async () => {
    const app = createApp({ db: server.db, config: testConfig({ staticDir }), serveConsole: true });
    const res = await app.request('/console/qa-review/opportunity/1');
    expect(res.status).toBe(200);
    const header = res.headers.get('Content-Security-Policy') ?? '';
    const directives = new Map(
      header
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...sources]) => [name!, sources]),
    );
    expect(directives.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect([...directives].filter(([name, sources]) => name !== 'media-src' && sources.includes('blob:'))).toEqual([]);
  });
});
