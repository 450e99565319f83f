import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { REFRESH_GRACE_MS } from '../../server/auth/tokens.ts';
import { call, callerFor, DEMO_AGENT_PHONE, signIn, startTestServer, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const token = (form: Record<string, string>) => call(server, 'POST', '/auth/oauth2.0/accessToken', { form });

describe('password grant', () => {
  it('signs a demo identity in with a 300 s bearer token and a refresh token', async () => {
    const res = await token({
      grant_type: 'password',
      username: 'broker@demo.test',
      password: 'Demo-pass-1',
      client_id: 'porchlight-console',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 300 });
    expect(res.body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('signs the agent in by phone number, in any format, with the agents client', async () => {
    const res = await token({
      grant_type: 'password',
      username: '(555) 010-0001',
      password: 'Demo-pass-1',
      client_id: 'porchlight-agent',
    });
    expect(res.status).toBe(200);
    const me = await callerFor(server, res.body.access_token).get('/users-api/users/me');
    expect(me.body).toMatchObject({ phone: DEMO_AGENT_PHONE, roles: [{ name: 'AGENT' }] });
  });

  it('answers a wrong password and an unknown account alike, without saying which', async () => {
    const wrong = await token({
      grant_type: 'password',
      username: 'manager@demo.test',
      password: 'nope-nope-1',
      client_id: 'porchlight-console',
    });
    const unknown = await token({
      grant_type: 'password',
      username: 'nobody@demo.test',
      password: 'nope-nope-1',
      client_id: 'porchlight-console',
    });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('refuses an unknown client id and a missing password with a 400 JSON body naming the field', async () => {
    const res = await token({ grant_type: 'password', username: 'broker@demo.test', client_id: 'evil' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, error: 'invalid_request' });
    expect(Object.keys(res.body.fields)).toEqual(expect.arrayContaining(['password', 'client_id']));
  });

  it('throttles an account after five failures with 429, even for the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await token({
        grant_type: 'password',
        username: 'qa@demo.test',
        password: `wrong-${i}-pass`,
        client_id: 'porchlight-console',
      });
      expect(r.status).toBe(400);
    }
    const locked = await token({
      grant_type: 'password',
      username: 'qa@demo.test',
      password: 'Demo-pass-1',
      client_id: 'porchlight-console',
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use, and reusing a rotated one revokes the whole family', async () => {
    const start = new Date();
    server.setNow(start);
    const first = await signIn(server, 'manager@demo.test');
    const second = await token({
      grant_type: 'refresh_token',
      refresh_token: first.refreshToken,
      client_id: 'porchlight-console',
    });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refreshToken);
    expect((await callerFor(server, second.body.access_token).get('/users-api/users/me')).status).toBe(200);

    // Past the grace window that answers a crashed device once (auth-refresh-retry.test.ts).
    server.setNow(new Date(start.getTime() + REFRESH_GRACE_MS + 1000));
    try {
      const replay = await token({
        grant_type: 'refresh_token',
        refresh_token: first.refreshToken,
        client_id: 'porchlight-console',
      });
      expect(replay.status).toBe(400);
      expect((await callerFor(server, second.body.access_token).get('/users-api/users/me')).status).toBe(401);
      const afterTheft = await token({
        grant_type: 'refresh_token',
        refresh_token: second.body.refresh_token,
        client_id: 'porchlight-console',
      });
      expect(afterTheft.status).toBe(400);
    } finally {
      server.setNow(new Date());
    }
  });

  it('expire access tokens after 300 seconds', async () => {
    const caller = await signIn(server, 'supervisor@demo.test');
    server.setNow(new Date(Date.now() + 301_000));
    try {
      expect((await caller.get('/users-api/users/me')).status).toBe(401);
    } finally {
      server.setNow(new Date());
    }
  });
});

describe('logout', () => {
  it('revokes the access and refresh tokens', async () => {
    const caller = await signIn(server, 'csr@demo.test');
    expect((await caller.get('/auth/logout')).status).toBe(204);
    expect((await caller.get('/users-api/users/me')).status).toBe(401);
    const refresh = await token({
      grant_type: 'refresh_token',
      refresh_token: caller.refreshToken,
      client_id: 'porchlight-console',
    });
    expect(refresh.status).toBe(400);
  });
});
