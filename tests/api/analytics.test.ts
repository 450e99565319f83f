import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { call, startTestServer, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const collect = (body: unknown, headers: Record<string, string> = {}) =>
  call(server, 'POST', '/analytics-api/collect', { body, headers });
const stored = () => server.db.selectFrom('analytics_events').selectAll().orderBy('id').execute();

describe('the first-party analytics collector', () => {
  it("stores a page view and a sign-in under the host's measurement id, without a caller", async () => {
    expect(
      (await collect({ measurementId: 'PL-AGENT', kind: 'page_view', path: '/console/agent-followups/view/:id' }))
        .status,
    ).toBe(204);
    expect((await collect({ measurementId: 'PL-BROKER', kind: 'sign_in', path: '/login' })).status).toBe(204);
    expect((await stored()).map((e) => [e.measurement_id, e.kind, e.path])).toEqual([
      ['PL-AGENT', 'page_view', '/console/agent-followups/view/:id'],
      ['PL-BROKER', 'sign_in', '/login'],
    ]);
  });

  it('stores nothing when the browser asks not to be tracked (DNT or GPC)', async () => {
    const before = (await stored()).length;
    expect(
      (await collect({ measurementId: 'PL-BROKER', kind: 'page_view', path: '/console' }, { DNT: '1' })).status,
    ).toBe(204);
    expect(
      (await collect({ measurementId: 'PL-BROKER', kind: 'page_view', path: '/console' }, { 'Sec-GPC': '1' })).status,
    ).toBe(204);
    expect(await stored()).toHaveLength(before);
  });

  it('stores an address with a query string as its route pattern, never the query (personal data could ride in it)', async () => {
    expect(
      (await collect({ measurementId: 'PL-BROKER', kind: 'page_view', path: '/console?email=a@b.test' })).status,
    ).toBe(204);
    expect((await stored()).at(-1)?.path).toBe('/console');
    expect((await stored()).filter((e) => e.path.includes('@') || e.path.includes('?'))).toEqual([]);
  });

  it.each([
    [
      'a path that is no page of the console (an id where the route has none)',
      { measurementId: 'PL-BROKER', kind: 'page_view', path: '/console/agents/123' },
    ],
    ['a measurement id the console does not send', { measurementId: 'G-12345', kind: 'page_view', path: '/console' }],
    ['an extra field', { measurementId: 'PL-BROKER', kind: 'page_view', path: '/console', email: 'a@b.test' }],
    ['an unknown kind', { measurementId: 'PL-BROKER', kind: 'click', path: '/console' }],
    ['no measurement id', { kind: 'page_view', path: '/console' }],
  ])('refuses %s with a 400 JSON body', async (_what, body) => {
    const res = await collect(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400 });
  });
});
