import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callerFor, signIn, startTestServer, type TestServer } from '../setup/test-server.ts';

// A page unloaded during its silent refresh never reads the answer; the server has rotated the
// token already. The next page sends the same token with the same request id (kept with the
// session before the call) and must get the same rotation again, not a revoked session.

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const refresh = (refreshToken: string, requestId?: string) => call(server, 'POST', '/auth/oauth2.0/accessToken', {
  form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'porchlight-console', ...(requestId ? { request_id: requestId } : {}) },
});
const me = async (accessToken: string) => (await callerFor(server, accessToken).get('/users-api/users/me')).status;

describe('a refresh sent again with its request id', () => {
  it('answers the same new refresh token and a working access token, and the session goes on', async () => {
    const first = await signIn(server, 'broker@demo.test');
    const lost = await refresh(first.refreshToken, 'reload-during-refresh-0001');
    expect(lost.status).toBe(200);
    const again = await refresh(first.refreshToken, 'reload-during-refresh-0001');
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(lost.body.refresh_token);
    expect(again.body.access_token).not.toBe(lost.body.access_token);
    expect(await me(again.body.access_token)).toBe(200);
    expect(await me(lost.body.access_token)).toBe(200);
    const next = await refresh(again.body.refresh_token, 'next-refresh-000000001');
    expect(next.status).toBe(200);
    expect(await me(next.body.access_token)).toBe(200);
  });

  it('is reuse with another request id or none: the family is revoked', async () => {
    for (const replayId of ['another-request-id-0001', undefined]) {
      const first = await signIn(server, 'manager@demo.test');
      const rotated = await refresh(first.refreshToken, 'first-request-id-00001');
      expect(rotated.status).toBe(200);
      const replay = await refresh(first.refreshToken, replayId);
      expect(replay.status).toBe(400);
      expect(await me(rotated.body.access_token)).toBe(401);
      expect((await refresh(rotated.body.refresh_token, 'after-revocation-0001')).status).toBe(400);
    }
  });

  it('is reuse once the successor was used: the family is revoked', async () => {
    const first = await signIn(server, 'supervisor@demo.test');
    const rotated = await refresh(first.refreshToken, 'used-successor-000001');
    const onward = await refresh(rotated.body.refresh_token, 'used-successor-000002');
    expect(onward.status).toBe(200);
    expect((await refresh(first.refreshToken, 'used-successor-000001')).status).toBe(400);
    expect(await me(onward.body.access_token)).toBe(401);
  });

  it('refuses a malformed request id with 400 and rotates nothing', async () => {
    const first = await signIn(server, 'csr@demo.test');
    const bad = await refresh(first.refreshToken, 'short');
    expect(bad.status).toBe(400);
    expect((await refresh(first.refreshToken, 'well-formed-request-01')).status).toBe(200);
  });
});
