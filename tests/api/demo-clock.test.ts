import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { call, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// In demo mode a request may name the instant it runs at (X-Demo-Clock), so a behaviour that
// depends on the hour (bulk SMS quiet hours) can be tested end to end at any hour of the day.

const PREFLIGHT = '/interviews-api/opportunities/sms/preflight';
const NOON = new Date('2026-11-24T17:00:00Z'); // noon in Maine (207)
const NIGHT = '2026-11-24T08:00:00Z'; // 3 AM there, before the token expires

let server: TestServer;
let admin: Caller;
beforeAll(async () => {
  server = await startTestServer();
  server.setNow(NOON);
  admin = await signIn(server, 'admin@demo.test');
}, 60_000);
afterAll(async () => {
  await server.close();
});

const preflight = (headers: Record<string, string> = {}) =>
  call<{ sendable: number; byReason: Record<string, number> }>(server, 'POST', PREFLIGHT, {
    token: admin.token,
    headers,
    form: { message: 'Hi. Reply STOP to opt out.', source: 'NUMBERS', numbers: '(207) 555-0141' },
  });

describe('the demo clock', () => {
  it("runs a request at the instant X-Demo-Clock names, and without it at the server's time", async () => {
    const noon = await preflight();
    expect(noon.status).toBe(200);
    expect(noon.body.sendable).toBe(1);
    const night = await preflight({ 'X-Demo-Clock': NIGHT });
    expect(night.status).toBe(200);
    expect(night.body).toMatchObject({ sendable: 0, byReason: { QUIET_HOURS: 1 } });
  });

  it('refuses a header that is not an instant with its zone', async () => {
    for (const bad of ['2026-11-24T17:00:00', 'tomorrow', '2026-11-24']) {
      const res = await preflight({ 'X-Demo-Clock': bad });
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ fields: { 'X-Demo-Clock': 'must be an ISO 8601 instant with its zone' } });
    }
  });

  it('does not exist outside demo mode: the header is not even read', async () => {
    // The probe reads no database; the app is only asked, never given one.
    const production = createApp({ db: undefined as never, config: testConfig({ demoMode: false }) });
    const res = await production.request('/healthz', { headers: { 'X-Demo-Clock': 'tomorrow' } });
    expect(res.status).toBe(200);
  });
});
