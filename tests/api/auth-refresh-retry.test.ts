import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { sha256 as hashOf, REFRESH_GRACE_MS } from '../../server/auth/tokens.ts';
import { call, callerFor, signIn, startTestServer, type TestServer } from '../setup/test-server.ts';

// A page unloaded during its silent refresh never reads the answer; the server has rotated the
// token already. The next page sends the same token with the same request id (kept with the
// session before the call) and must get the same rotation again, not a revoked session.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.setNow(new Date());
});

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

const refresh = (refreshToken: string, requestId?: string) =>
  call(server, 'POST', '/auth/oauth2.0/accessToken', {
    form: {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: 'porchlight-console',
      ...(requestId ? { request_id: requestId } : {}),
    },
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

  it('is reuse with another request id or none once the grace window is over: the family is revoked', async () => {
    for (const replayId of ['another-request-id-0001', undefined]) {
      const start = new Date();
      server.setNow(start);
      const first = await signIn(server, 'manager@demo.test');
      const rotated = await refresh(first.refreshToken, 'first-request-id-00001');
      expect(rotated.status).toBe(200);
      server.setNow(later(start, REFRESH_GRACE_MS + 1000));
      const replay = await refresh(first.refreshToken, replayId);
      expect(replay.status).toBe(400);
      expect(await me(rotated.body.access_token)).toBe(401);
      expect((await refresh(rotated.body.refresh_token, 'after-revocation-0001')).status).toBe(400);
      server.setNow(new Date());
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

// A phone killed between the server's rotation and its own write of the answer restarts with the
// previous refresh token and maybe no request id (the storage it was kept in was not flushed): the
// server answers that token once more, with the same successor, within REFRESH_GRACE_MS.
describe('the previous refresh token within the grace window', () => {
  it('is answered once with the same successor, without a request id or with another, and the session goes on', async () => {
    for (const replayId of [undefined, 'another-request-id-0002']) {
      const start = new Date();
      server.setNow(start);
      const first = await signIn(server, 'qa@demo.test');
      const rotated = await refresh(first.refreshToken, 'crash-after-rotation-1');
      expect(rotated.status).toBe(200);
      server.setNow(later(start, REFRESH_GRACE_MS - 1000));
      const again = await refresh(first.refreshToken, replayId);
      expect(again.status).toBe(200);
      expect(again.body.refresh_token).toBe(rotated.body.refresh_token);
      expect(await me(again.body.access_token)).toBe(200);
      const onward = await refresh(again.body.refresh_token, 'after-the-crash-000001');
      expect(onward.status).toBe(200);
      expect(await me(onward.body.access_token)).toBe(200);
    }
  });

  it('answers a rotation the server named itself (no request id at all) once more within the window', async () => {
    const start = new Date();
    server.setNow(start);
    const first = await signIn(server, 'opps@demo.test');
    const rotated = await refresh(first.refreshToken);
    expect(rotated.status).toBe(200);
    server.setNow(later(start, 5000));
    const again = await refresh(first.refreshToken);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(rotated.body.refresh_token);
  });

  it('refuses a third use as reuse and revokes the family', async () => {
    const start = new Date();
    server.setNow(start);
    const first = await signIn(server, 'engagement@demo.test');
    const rotated = await refresh(first.refreshToken, 'third-use-rotation-001');
    server.setNow(later(start, 10_000));
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    server.setNow(later(start, 20_000));
    const third = await refresh(first.refreshToken);
    expect(third.status).toBe(400);
    expect(third.body.message).toBe('The refresh token was already used; the session is revoked');
    for (const access of [rotated.body.access_token, second.body.access_token]) expect(await me(access)).toBe(401);
    expect((await refresh(rotated.body.refresh_token, 'after-revocation-0002')).status).toBe(400);
    const { n } = await server.db
      .selectFrom('refresh_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('token_hash', 'in', [first.refreshToken, rotated.body.refresh_token].map(hashOf))
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  });

  it('is reuse once the successor was used, even within the window: the family is revoked', async () => {
    const start = new Date();
    server.setNow(start);
    const first = await signIn(server, 'broker.basic@demo.test');
    const rotated = await refresh(first.refreshToken, 'used-in-window-000001');
    const onward = await refresh(rotated.body.refresh_token, 'used-in-window-000002');
    expect(onward.status).toBe(200);
    server.setNow(later(start, 5000));
    expect((await refresh(first.refreshToken)).status).toBe(400);
    expect(await me(onward.body.access_token)).toBe(401);
  });

  it('still answers the rotation sent again by its own name after the window (a device offline for long never got the answer)', async () => {
    const start = new Date();
    server.setNow(start);
    const first = await signIn(server, 'lender@demo.test');
    const rotated = await refresh(first.refreshToken, 'offline-for-an-hour-01');
    server.setNow(later(start, 3600_000));
    const again = await refresh(first.refreshToken, 'offline-for-an-hour-01');
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(rotated.body.refresh_token);
    expect(await me(again.body.access_token)).toBe(200);
  });
});

describe('a grace that cannot be shadowed', () => {
  it("gives the grace once per sign-in: a thief's second shadowed rotation revokes the family", async () => {
    const start = new Date();
    server.setNow(start);
    const owner = await signIn(server, 'supervisor@demo.test');
    // The owner rotates; the thief, holding the same token, presents it within the window: the grace answers.
    const r1 = await refresh(owner.refreshToken, 'owner-rotation-00001');
    server.setNow(later(start, 10_000));
    const shadow1 = await refresh(owner.refreshToken);
    expect(shadow1.status).toBe(200);
    expect(shadow1.body.refresh_token).toBe(r1.body.refresh_token);
    // The owner rotates again (a minute later); the thief presents the rotated token again within its window.
    server.setNow(later(start, 70_000));
    const r2 = await refresh(r1.body.refresh_token, 'owner-rotation-00002');
    expect(r2.status).toBe(200);
    server.setNow(later(start, 80_000));
    const shadow2 = await refresh(r1.body.refresh_token);
    expect(shadow2.status).toBe(400);
    expect(shadow2.body.message).toBe('The refresh token was already used; the session is revoked');
    for (const access of [r2.body.access_token, shadow1.body.access_token]) expect(await me(access)).toBe(401);
    expect((await refresh(r2.body.refresh_token, 'owner-rotation-00003')).status).toBe(400);
  });

  it("puts each use of the grace on the user's record", async () => {
    const start = new Date();
    server.setNow(start);
    const first = await signIn(server, 'manager@demo.test');
    await refresh(first.refreshToken, 'logged-grace-000001');
    server.setNow(later(start, 3_000));
    expect((await refresh(first.refreshToken)).status).toBe(200);
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'manager@demo.test')
      .executeTakeFirstOrThrow();
    const rows = await server.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('target_user_id', '=', user.id)
      .where('action', '=', 'REFRESH_GRACE_USED')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.detail).toMatch(
      /^sign-in [0-9a-f-]{8}: a rotated refresh token answered again 3 s after its rotation$/,
    );
    expect(rows[0]!.detail).not.toContain(first.refreshToken);
  });
});
