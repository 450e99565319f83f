import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { OAUTH_CLIENTS } from '../../src/lib/brand.ts';
import { call, DEMO_PASSWORD, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

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

  it('leaves sign-in throttling on the real clock: an earlier instant is not locked out by later failures, a later one escapes none', async () => {
    const attempt = (username: string, password: string, headers: Record<string, string> = {}) =>
      call(server, 'POST', '/auth/oauth2.0/accessToken', {
        headers,
        form: { grant_type: 'password', username, password, client_id: OAUTH_CLIENTS.console },
      });
    // 10 wrong guesses from this address at noon, each at another account: the next attempt from it waits 1 s.
    for (let i = 0; i < 10; i++) expect((await attempt(`guess${i}@demo.test`, 'wrong-password-1')).status).toBe(400);
    expect((await attempt('manager@demo.test', DEMO_PASSWORD)).status).toBe(429);
    server.setNow(new Date(NOON.getTime() + 2_000));
    // Pinned an hour before the failures, the owner's right password is judged at the real time (past the wait).
    const early = await attempt('manager@demo.test', DEMO_PASSWORD, { 'X-Demo-Clock': '2026-11-24T16:00:00Z' });
    expect(early.status, JSON.stringify(early.body)).toBe(200);
    // 30 attempts in 15 minutes close the address; a request pinned to the next day is still refused.
    for (let i = 10; i < 40; i++) await attempt(`guess${i}@demo.test`, 'wrong-password-1');
    expect((await attempt('manager@demo.test', DEMO_PASSWORD)).status).toBe(429);
    const late = await attempt('manager@demo.test', DEMO_PASSWORD, { 'X-Demo-Clock': '2026-11-25T17:00:00Z' });
    expect(late.status).toBe(429);
  });

  it('does not exist outside demo mode: the header is not even read', async () => {
    // The probe reads no database; the app is only asked, never given one.
    const production = createApp({ db: undefined as never, config: testConfig({ demoMode: false }) });
    const res = await production.request('/healthz', { headers: { 'X-Demo-Clock': 'tomorrow' } });
    expect(res.status).toBe(200);
  });
});
