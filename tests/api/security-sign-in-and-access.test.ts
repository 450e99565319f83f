// The outside security review's findings, one describe per finding. Each test failed on
// the code before the fix.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createApp } from '../../server/app.ts';
import { checkAuthorizeRequest } from '../../server/auth/authorize-request.ts';
import {
  clearAccountFailures,
  confirmSignInFailure,
  reserveSignInAttempt,
  signInScopes,
} from '../../server/auth/throttle.ts';
import { bootDatabase } from '../../server/boot.ts';
import { loadConfig, testConfig } from '../../server/config.ts';
import { RESET_ANSWER_FLOOR_MS } from '../../server/routes/users-api/password-reset.ts';
import { PRODUCTION_DELIVERY_ENV } from '../setup/message-stand-ins.ts';
import { call, DEMO_PASSWORD, signIn, startTestServer, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.db.deleteFrom('sign_in_failures').execute();
  await server.db.deleteFrom('rate_limit_events').execute();
});

const token = (form: Record<string, string>) =>
  call<{ access_token: string }>(server, 'POST', '/auth/oauth2.0/accessToken', { form });
const passwordGrant = (username: string, password: string, clientId = 'porchlight-console') =>
  token({ grant_type: 'password', username, password, client_id: clientId });
const outboxTo = (recipient: string) =>
  server.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('id', 'desc').execute();
const countOf = async (table: 'users' | 'audit_log' | 'outbox') =>
  Number(
    (
      await server.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const PRODUCTION = {
  demoMode: false,
  publicOrigin: 'https://console.example.com',
  agentOrigin: 'https://agents.example.com',
  agentHosts: ['agents.example.com'],
};

describe('demo mode belongs to the demo only', () => {
  it('is off unless asked for, refuses production, and needs configured origins outside the demo', () => {
    expect(() => loadConfig({})).toThrow(/PUBLIC_ORIGIN: required outside demo mode/);
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://console.example.com', ...PRODUCTION_DELIVERY_ENV }).demoMode).toBe(
      false,
    );
    expect(() => loadConfig({ DEMO_MODE: 'true', NODE_ENV: 'production' })).toThrow(
      /cannot run with NODE_ENV=production/,
    );
    expect(() =>
      loadConfig({ PUBLIC_ORIGIN: 'https://console.example.com/path?x', ...PRODUCTION_DELIVERY_ENV }),
    ).toThrow(/PUBLIC_ORIGIN must be an origin/);
    expect(loadConfig({ DEMO_MODE: 'true' })).toMatchObject({
      demoMode: true,
      publicOrigin: 'http://localhost:8080',
      agentOrigin: 'http://agents.localhost:8080',
    });
  });

  it('hides the outbox and the Cloze stand-in outside demo mode, and offers no connector without a provider', async () => {
    const prod = createApp({ db: server.db, config: testConfig(PRODUCTION) });
    for (const [method, url] of [
      ['GET', '/dev/outbox'],
      ['GET', '/dev/cloze/authorize?state=x'],
      ['POST', '/dev/cloze/authorize'],
    ] as const) {
      const res = await prod.request(url, { method });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const admin = await signIn(server, 'admin@demo.test');
    const start = await prod.request('/users-api/oauth-connectors/cloze', {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(start.status).toBe(503);
    expect((await call(server, 'GET', '/dev/outbox', { headers: { Accept: 'application/json' } })).status).toBe(200); // the demo keeps it
  });

  it('seeds no demo accounts or open invite codes into an empty database outside demo mode; ADMIN_EMAIL gets one invitation', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'porchlight-prod-'));
    const logs: string[] = [];
    try {
      const database = await bootDatabase(
        { ...testConfig(PRODUCTION), dataDir, adminEmail: 'Owner@Provider.example' },
        (m) => logs.push(m),
      );
      try {
        const users = await database.db.selectFrom('users').select(['email', 'status']).execute();
        expect(users).toEqual([{ email: 'owner@provider.example', status: 'INVITED' }]);
        expect(await database.db.selectFrom('invites').select('id').execute()).toHaveLength(1);
        expect(await database.db.selectFrom('brokerages').select('id').execute()).toEqual([]);
        expect((await database.db.selectFrom('roles').select('name').execute()).map((r) => r.name)).toContain('ADMIN');
        expect(logs.join('\n')).toMatch(/register at https:\/\/console\.example\.com\/register\/\S+/);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('sign-in throttling is one atomic step and weighs on the attacker', () => {
  it('checks at most five of 25 parallel wrong passwords for one account', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, () => passwordGrant('qa@demo.test', 'wrong-Pass-1')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it('does not let the right password through behind eleven parallel wrong ones', async () => {
    const wrong = Array.from({ length: 11 }, () => passwordGrant('manager@demo.test', 'wrong-Pass-1'));
    const right = passwordGrant('manager@demo.test', DEMO_PASSWORD);
    const answers = await Promise.all([...wrong, right]);
    expect(answers.at(-1)!.status).toBe(429);
    expect(answers.filter((a) => a.status === 400).length).toBeLessThanOrEqual(5);
  });

  it('lets several people sign in at once from one address', async () => {
    const who = [
      'admin@demo.test',
      'manager@demo.test',
      'qa@demo.test',
      'supervisor@demo.test',
      'engagement@demo.test',
      'csr@demo.test',
      'broker@demo.test',
      'lender@demo.test',
    ];
    const answers = await Promise.all(who.map((u) => passwordGrant(u, DEMO_PASSWORD)));
    expect(answers.map((a) => a.status)).toEqual(who.map(() => 200));
  });

  it('locks the attacking address out of the account, not the owner at their own address', async () => {
    const now = new Date();
    const attacker = signInScopes('qa@demo.test', '203.0.113.9');
    for (let i = 0; i < 5; i += 1)
      await confirmSignInFailure(server.db, await reserveSignInAttempt(server.db, attacker, now));
    await expect(reserveSignInAttempt(server.db, attacker, now)).rejects.toMatchObject({ status: 429 });
    await expect(
      reserveSignInAttempt(server.db, signInScopes('qa@demo.test', '198.51.100.7'), now),
    ).resolves.toHaveLength(3);
  });

  it('slows many addresses guessing one account to a wait of a minute at most, which a password reset clears', async () => {
    const now = new Date();
    let admitted = 0;
    for (let i = 0; i < 40; i += 1) {
      const reservation = await reserveSignInAttempt(
        server.db,
        signInScopes('supervisor@demo.test', `203.0.113.${i}`),
        now,
      ).catch(() => null);
      if (reservation) {
        admitted += 1;
        await confirmSignInFailure(server.db, reservation);
      }
    }
    expect(admitted).toBe(10); // then every guess waits, from any address
    // Forty failures spread over the last ten minutes: the wait stays at a minute at most.
    await server.db
      .insertInto('sign_in_failures')
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          scope: 'account:supervisor@demo.test',
          created_at: new Date(now.getTime() - 600_000 + i * 15_000),
          pending: false,
        })),
      )
      .execute();
    const owner = signInScopes('supervisor@demo.test', '198.51.100.7');
    const refused = await reserveSignInAttempt(server.db, owner, now).catch(
      (e: { status: number; headers?: Record<string, string> }) => e,
    );
    expect(refused).toMatchObject({ status: 429 });
    expect(Number((refused as { headers: Record<string, string> }).headers['Retry-After'])).toBeLessThanOrEqual(60);
    await expect(reserveSignInAttempt(server.db, owner, new Date(now.getTime() + 61_000))).resolves.toHaveLength(3);
    await clearAccountFailures(server.db, ['supervisor@demo.test']);
    await expect(
      reserveSignInAttempt(server.db, signInScopes('supervisor@demo.test', '203.0.113.1'), now),
    ).resolves.toHaveLength(3);
  });

  it('ends the lockout when the owner sets a new password through a reset link', async () => {
    for (let i = 0; i < 5; i += 1) await passwordGrant('qa@demo.test', 'wrong-Pass-1');
    expect((await passwordGrant('qa@demo.test', DEMO_PASSWORD)).status).toBe(429);
    expect(
      (await call(server, 'POST', '/users-api/users/passwordReset', { body: { emailAddress: 'qa@demo.test' } })).status,
    ).toBe(204);
    const code = /\/register\/([A-Z0-9-]+)/.exec((await outboxTo('qa@demo.test'))[0]!.body)![1]!;
    const redeemed = await call<{ id: number; password: string }>(server, 'PUT', `/users-api/invites/code/${code}`);
    const temp = await token({
      grant_type: 'temporary_password',
      username: String(redeemed.body.id),
      password: redeemed.body.password,
      client_id: 'porchlight-console',
    });
    const set = await call(server, 'PATCH', `/users-api/users/${redeemed.body.id}`, {
      token: temp.body.access_token,
      body: { password: 'Fresh-pass-9' },
    });
    expect(set.status).toBe(200);
    expect((await passwordGrant('qa@demo.test', 'Fresh-pass-9')).status).toBe(200);
  });
});

describe('links are built from configured origins', () => {
  it('puts the configured origin in a reset link whatever Host the request names', async () => {
    const res = await call(server, 'POST', 'http://evil.example/users-api/users/passwordReset', {
      body: { emailAddress: 'lender@demo.test' },
    });
    expect(res.status).toBe(204);
    const [mail] = await outboxTo('lender@demo.test');
    expect(mail!.body).toContain('http://localhost:8080/register/');
    expect(mail!.body).not.toContain('evil.example');
  });

  it('uses the configured agent origin on an agent host, and the configured origins for the Cloze start', async () => {
    const prod = createApp({ db: server.db, config: testConfig({ ...PRODUCTION, demoMode: true }) });
    const admin = await signIn(server, 'admin@demo.test');
    const start = await prod.request('http://evil.example/users-api/oauth-connectors/cloze', {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(((await start.json()) as { authorizeUrl: string }).authorizeUrl).toMatch(
      /^https:\/\/console\.example\.com\/dev\/cloze\/authorize\?/,
    );
    await prod.request('http://agents.example.com/users-api/users/passwordReset', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ emailAddress: 'csr@demo.test' }),
    });
    expect((await outboxTo('csr@demo.test'))[0]!.body).toContain('https://agents.example.com/register/');
  });
});

describe('no enumeration', () => {
  it('answers a reset for a known and an unknown address after the same floor', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await call(server, 'POST', '/users-api/users/passwordReset', { body: { emailAddress: email } });
      return { status: res.status, ms: performance.now() - started };
    };
    const known = await timed('engagement@demo.test');
    const unknown = await timed('nobody-here@demo.test');
    expect([known.status, unknown.status]).toEqual([204, 204]);
    expect(unknown.ms).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
    expect(known.ms).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
  });

  it('answers an invite for an existing account exactly like a new one, creates nothing, and tells the owner', async () => {
    const broker = await signIn(server, 'broker@demo.test');
    const users = await countOf('users');
    const existing = await broker.post('/users-api/invites', {
      email: 'supplier@demo.test',
      firstName: 'Sky',
      lastName: 'Supplier',
    });
    const fresh = await broker.post('/users-api/invites', {
      email: 'brand.new@example.test',
      firstName: 'Bran',
      lastName: 'New',
    });
    expect(existing.status).toBe(fresh.status);
    expect(Object.keys(existing.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(existing.body).toMatchObject({ email: 'supplier@demo.test', status: 'INVITED' });
    expect(await countOf('users')).toBe(users + 1);
    expect((await outboxTo('supplier@demo.test'))[0]!.body).toMatch(/already has an account/);
  });

  it('answers a brokerage admin alike for another brokerage’s ids and for ids that do not exist', async () => {
    const broker = await signIn(server, 'broker@demo.test');
    const maple = await server.db
      .selectFrom('agents')
      .innerJoin('brokerages', 'brokerages.id', 'agents.brokerage_id')
      .select('agents.id')
      .where('brokerages.name', '=', 'Maple & Main Homes')
      .executeTakeFirstOrThrow();
    const mapleLead = await server.db
      .selectFrom('opportunities')
      .innerJoin('brokerages', 'brokerages.id', 'opportunities.brokerage_id')
      .select('opportunities.id')
      .where('brokerages.name', '=', 'Maple & Main Homes')
      .executeTakeFirstOrThrow();
    const pairs = [
      [`/agents-api/agents/${maple.id}`, '/agents-api/agents/99999999'],
      [`/interviews-api/broker-leads/${mapleLead.id}`, '/interviews-api/broker-leads/99999999'],
      [
        `/users-api/users/resendInvite/${(await server.db.selectFrom('users').select('id').where('email', '=', 'broker.basic@demo.test').executeTakeFirstOrThrow()).id}`,
        '/users-api/users/resendInvite/99999999',
      ],
    ];
    for (const [other, unknown] of pairs) {
      const a = await broker.get(other!);
      const b = await broker.get(unknown!);
      expect([a.status, a.body.message], `${other} vs ${unknown}`).toEqual([b.status, b.body.message]);
    }
    const admin = await signIn(server, 'admin@demo.test');
    expect((await admin.get('/agents-api/agents/99999999')).status).toBe(404); // staff see everything: plain 404
  });

  it('limits contact checks per address in one atomic step', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(server, 'GET', `/users-api/users/checkContactInfo?email=probe${i}@example.test`),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
  });
});

describe('tokens are bound to their client', () => {
  it('refuses the agents’ client to a staff account', async () => {
    const res = await passwordGrant('admin@demo.test', DEMO_PASSWORD, 'porchlight-agent');
    expect(res.status).toBe(400);
    expect(
      await server.db
        .selectFrom('access_tokens')
        .select('token_hash')
        .where('client_id', '=', 'porchlight-agent')
        .where(
          'user_id',
          '=',
          (
            await server.db
              .selectFrom('users')
              .select('id')
              .where('email', '=', 'admin@demo.test')
              .executeTakeFirstOrThrow()
          ).id,
        )
        .execute(),
    ).toEqual([]);
  });

  it('gives an agent-client token the AGENT role only, and a console token no agent powers for a user with other roles', async () => {
    const user = await server.db
      .selectFrom('users')
      .select(['id', 'broker_id'])
      .where('email', '=', 'broker@demo.test')
      .executeTakeFirstOrThrow();
    const agent = await server.db
      .selectFrom('agents')
      .select('id')
      .where('brokerage_id', '=', user.broker_id!)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const role = await server.db.selectFrom('roles').select('id').where('name', '=', 'AGENT').executeTakeFirstOrThrow();
    await server.db.updateTable('users').set({ agent_id: agent.id }).where('id', '=', user.id).execute();
    await server.db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id, position: 5 }).execute();
    try {
      const viaAgent = await signIn(server, 'broker@demo.test').then(async () => {
        const t = await passwordGrant('broker@demo.test', DEMO_PASSWORD, 'porchlight-agent');
        return (p: string) => call(server, 'GET', p, { token: t.body.access_token });
      });
      const viaConsole = await signIn(server, 'broker@demo.test');
      expect((await viaAgent('/users-api/users/me')).body.roles.map((r: { name: string }) => r.name)).toEqual([
        'AGENT',
      ]);
      expect((await viaAgent(`/agents-api/brokerages/${user.broker_id}`)).status).toBe(403);
      expect((await viaAgent(`/agents-api/agents/${agent.id}/referrals`)).status).toBe(200);
      expect((await viaConsole.get('/users-api/users/me')).body.roles.map((r: { name: string }) => r.name)).toEqual([
        'BROKERAGE_ADMIN',
      ]);
      expect((await viaConsole.get(`/agents-api/brokerages/${user.broker_id}`)).status).toBe(200);
    } finally {
      await server.db.deleteFrom('user_roles').where('user_id', '=', user.id).where('role_id', '=', role.id).execute();
      await server.db.updateTable('users').set({ agent_id: null }).where('id', '=', user.id).execute();
    }
  });

  it('sends HSTS, nosniff and the referrer policy on every answer, and the content security policy on pages', async () => {
    const token = new URLSearchParams({
      grant_type: 'password',
      username: 'broker@demo.test',
      password: 'wrong',
      client_id: 'porchlight-console',
    });
    const authorize = new URLSearchParams({
      response_type: 'code',
      client_id: 'porchlight-agent',
      redirect_uri: 'https://nowhere.example/login',
      code_challenge_method: 'S256',
      code_challenge: 'a'.repeat(43),
    });
    const answers = [
      await server.app.request('/users-api/users/me'), // 401
      await server.app.request('/nope'), // 404 (this app serves no console)
      await server.app.request('/auth/oauth2.0/accessToken', {
        method: 'POST',
        body: token,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }), // rebuilt OAuth error
      await server.app.request('/users-api/users/me', {
        method: 'PATCH',
        body: 'x'.repeat(2_000_000),
        headers: { 'Content-Type': 'application/json' },
      }), // 413
      await server.app.request(`/auth/oauth2.0/authorize?${authorize}`), // a page: the unregistered redirect's error
    ];
    expect(answers.map((r) => r.status)).toEqual([401, 404, 400, 413, 400]);
    for (const res of answers) {
      expect(res.headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains');
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    }
    expect(answers[4]!.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(answers[4]!.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
    expect(answers[4]!.headers.get('X-Frame-Options')).toBe('DENY');
    expect(answers[0]!.headers.get('Content-Security-Policy')).toBeNull();
  });

  it('compresses a large answer for a client that accepts gzip, and only for it', async () => {
    const caller = await signIn(server, 'admin@demo.test');
    const url = '/agents-api/agents?pageSize=100';
    const auth = { Authorization: `Bearer ${caller.token}` };
    const gzip = await server.app.request(url, { headers: { ...auth, 'Accept-Encoding': 'gzip, deflate, br' } });
    const plain = await server.app.request(url, { headers: auth });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await new Response(gzip.body!.pipeThrough(new DecompressionStream('gzip'))).json()).toEqual(
      await plain.json(),
    );
  });

  it('accepts plain-http redirect URIs in development only', () => {
    const q = (uri: string) => ({
      response_type: 'code',
      client_id: 'porchlight-agent',
      redirect_uri: uri,
      code_challenge_method: 'S256',
      code_challenge: 'a'.repeat(43),
    });
    expect(checkAuthorizeRequest(q('http://agents.example.com:8081/login'), ['agents.example.com'], false).ok).toBe(
      false,
    );
    expect(checkAuthorizeRequest(q('https://agents.example.com/login'), ['agents.example.com'], false).ok).toBe(true);
    expect(checkAuthorizeRequest(q('http://agents.example.com:8081/login'), ['agents.example.com'], true).ok).toBe(
      true,
    );
  });

  it('shows a production start’s authorize page an error for a plain-http redirect URI', async () => {
    const prod = createApp({ db: server.db, config: testConfig(PRODUCTION) });
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: 'porchlight-agent',
      redirect_uri: 'http://agents.example.com:9999/login',
      code_challenge_method: 'S256',
      code_challenge: 'a'.repeat(43),
    });
    const res = await prod.request(`/auth/oauth2.0/authorize?${params}`);
    expect(await res.text()).toContain('This sign-in link returns to an address that is not registered.');
  });
});

describe('least privilege', () => {
  it('keeps a CSR to the DNC list: no brokerage figures, agents or leads', async () => {
    const csr = await signIn(server, 'csr@demo.test');
    const harbor = await server.db
      .selectFrom('brokerages')
      .select('id')
      .where('name', '=', 'Harbor Point Realty')
      .executeTakeFirstOrThrow();
    for (const p of [
      `/agents-api/brokerages/${harbor.id}`,
      `/agents-api/brokerages/${harbor.id}/stats`,
      `/agents-api/agents?brokerageId=${harbor.id}`,
      `/interviews-api/broker-leads?brokerageId=${harbor.id}`,
      `/leads-api/leadstats/${harbor.id}`,
    ]) {
      expect((await csr.get(p)).status, p).toBe(403);
    }
    expect((await csr.get('/interviews-api/DNC/search?pageSize=5')).status).toBe(200);
  });

  it('lets AGENT_ENGAGEMENT look up an organisation’s active admin, not list every user', async () => {
    const engagement = await signIn(server, 'engagement@demo.test');
    const harbor = await server.db
      .selectFrom('brokerages')
      .select('id')
      .where('name', '=', 'Harbor Point Realty')
      .executeTakeFirstOrThrow();
    expect((await engagement.get('/users-api/users')).status).toBe(403);
    expect((await engagement.get('/users-api/users?q=demo')).status).toBe(403);
    expect(
      (await engagement.get(`/users-api/users?brokerId=${harbor.id}&role=BROKERAGE_ADMIN&status=ACTIVE&pageSize=1`))
        .status,
    ).toBe(200);
    expect((await (await signIn(server, 'manager@demo.test')).get('/users-api/users')).status).toBe(200);
  });
});

describe('refused impersonation', () => {
  it('writes an audit row for every refused attempt', async () => {
    const broker = await signIn(server, 'broker@demo.test');
    const engagement = await signIn(server, 'engagement@demo.test');
    const csrId = (
      await server.db.selectFrom('users').select('id').where('email', '=', 'csr@demo.test').executeTakeFirstOrThrow()
    ).id;
    const refusedRows = () =>
      server.db
        .selectFrom('audit_log')
        .select(['actor_user_id', 'as_user_id', 'detail'])
        .where('action', '=', 'IMPERSONATION_REFUSED')
        .execute();
    const before = (await refusedRows()).length;
    expect((await broker.get('/users-api/users/me', { 'X-Impersonated-User-Id': String(csrId) })).status).toBe(403);
    expect((await engagement.get('/users-api/users/me', { 'X-Impersonated-User-Id': String(csrId) })).status).toBe(403);
    const rows = await refusedRows();
    expect(rows).toHaveLength(before + 2);
    expect(rows.every((r) => r.as_user_id === csrId && r.detail?.startsWith('GET /users-api/users/me'))).toBe(true);
  });
});
