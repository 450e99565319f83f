import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { call, callerFor, startTestServer, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.db.deleteFrom('rate_limit_events').execute();
});

const REDIRECT = 'http://agents.localhost:5173/login';
const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};
const authorizeParams = (challenge: string, overrides: Record<string, string | undefined> = {}) => {
  const all: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: 'porchlight-agent',
    redirect_uri: REDIRECT,
    state: 'st<"ate>',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined));
};
const getPage = (params: Record<string, string>) =>
  call<string>(server, 'GET', `/auth/oauth2.0/authorize?${new URLSearchParams(params)}`);
const post = (form: Record<string, string>) => call<string>(server, 'POST', '/auth/oauth2.0/authorize', { form });
const refOf = (html: string) => /name="otp_ref" value="([^"]+)"/.exec(html)?.[1] ?? '';
const exchange = (form: Record<string, string>) =>
  call(server, 'POST', '/auth/oauth2.0/accessToken', {
    form: { grant_type: 'authorization_code', client_id: 'porchlight-agent', ...form },
  });

let phoneSeq = 0;
/** A fresh active agent user, so per-phone limits of one test do not touch another. */
async function newAgentPhone(): Promise<string> {
  const phone = `+1555077${String(++phoneSeq).padStart(4, '0')}`;
  const { id } = await server.db
    .insertInto('users')
    .values({ phone, first_name: 'Otp', last_name: 'Agent', status: 'ACTIVE' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await server.db.selectFrom('roles').select('id').where('name', '=', 'AGENT').executeTakeFirstOrThrow();
  await server.db.insertInto('user_roles').values({ user_id: id, role_id: role.id }).execute();
  return phone;
}
const lastSmsCode = async (phone: string) => {
  const row = await server.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', phone)
    .where('channel', '=', 'SMS')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return /\b(\d{6})\b/.exec(row?.body ?? '')?.[1] ?? '';
};

/** Phone step then code step; returns the redirect. */
async function signInByCode(phone: string, challenge: string, params = authorizeParams(challenge)) {
  const codePage = await post({ step: 'phone', phone, ...params });
  expect(codePage.status).toBe(200);
  return post({ step: 'code', otp_ref: refOf(codePage.body), code: await lastSmsCode(phone) });
}

async function at<T>(offsetMs: number, run: () => Promise<T>): Promise<T> {
  server.setNow(new Date(Date.now() + offsetMs));
  try {
    return await run();
  } finally {
    server.setNow(new Date());
  }
}

describe('the authorisation page', () => {
  it('serves a plain HTML phone form without inline script', async () => {
    const res = await getPage(authorizeParams(pkce().challenge));
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.body).toContain('Phone Number');
    expect(res.body).toContain('value="st&lt;&quot;ate&gt;"');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
  });

  it.each([
    ['the plain method', { code_challenge_method: 'plain' }],
    ['a missing method', { code_challenge_method: undefined }],
    ['another client', { client_id: 'porchlight-console' }],
    ['response_type token', { response_type: 'token' }],
    ['a redirect with a query', { redirect_uri: `${REDIRECT}?x=1` }],
    ['a redirect to another site', { redirect_uri: 'https://evil.test/login' }],
    ['a look-alike host', { redirect_uri: 'http://agents.localhost.evil.test/login' }],
    ['the broker host', { redirect_uri: 'http://localhost:5173/login' }],
    ['another path', { redirect_uri: 'http://agents.localhost:5173/logout' }],
  ])('refuses %s with 400', async (_name, overrides) => {
    expect((await getPage(authorizeParams(pkce().challenge, overrides))).status).toBe(400);
  });

  it('accepts the https form of an agent host', async () => {
    expect(
      (await getPage(authorizeParams(pkce().challenge, { redirect_uri: 'https://agents.localhost/login' }))).status,
    ).toBe(200);
  });

  it('shows the same page for an unknown phone and sends it nothing', async () => {
    const { challenge } = pkce();
    const known = await post({ step: 'phone', phone: await newAgentPhone(), ...authorizeParams(challenge) });
    const unknown = await post({ step: 'phone', phone: '(555) 099-9999', ...authorizeParams(challenge) });
    expect(unknown.status).toBe(200);
    expect(unknown.body.replace(refOf(unknown.body), '')).toBe(known.body.replace(refOf(known.body), ''));
    expect(await lastSmsCode('+15550999999')).toBe('');
  });
});

describe('one-time-password sign-in and the code grant', () => {
  it('redirects with code and state, and the code with its verifier gives tokens for the agent', async () => {
    const phone = await newAgentPhone();
    const { verifier, challenge } = pkce();
    const res = await signInByCode(phone, challenge);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('Location')!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('st<"ate>');
    const tokens = await exchange({
      code: location.searchParams.get('code')!,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
    });
    expect(tokens.status).toBe(200);
    const me = await callerFor(server, tokens.body.access_token).get('/users-api/users/me');
    expect(me.body).toMatchObject({ phone, roles: [{ name: 'AGENT' }] });
  });

  it('refuses a wrong verifier and a wrong redirect, then revokes everything when a used code comes back', async () => {
    const { verifier, challenge } = pkce();
    const res = await signInByCode(await newAgentPhone(), challenge);
    const code = new URL(res.headers.get('Location')!).searchParams.get('code')!;
    expect((await exchange({ code, code_verifier: pkce().verifier, redirect_uri: REDIRECT })).status).toBe(400);
    expect(
      (await exchange({ code, code_verifier: verifier, redirect_uri: 'http://agents.localhost:5174/login' })).status,
    ).toBe(400);
    const tokens = await exchange({ code, code_verifier: verifier, redirect_uri: REDIRECT });
    expect(tokens.status).toBe(200);
    const reuse = await exchange({ code, code_verifier: verifier, redirect_uri: REDIRECT });
    expect(reuse.status).toBe(400);
    expect((await callerFor(server, tokens.body.access_token).get('/users-api/users/me')).status).toBe(401);
  });

  it('lets an authorization code expire after 5 minutes', async () => {
    const { verifier, challenge } = pkce();
    const code = new URL(
      (await signInByCode(await newAgentPhone(), challenge)).headers.get('Location')!,
    ).searchParams.get('code')!;
    const late = await at(5 * 60_000 + 1000, () => exchange({ code, code_verifier: verifier, redirect_uri: REDIRECT }));
    expect(late.status).toBe(400);
  });

  it('lets a texted code expire after 5 minutes', async () => {
    const phone = await newAgentPhone();
    const page = await post({ step: 'phone', phone, ...authorizeParams(pkce().challenge) });
    const code = await lastSmsCode(phone);
    const late = await at(5 * 60_000 + 1000, () => post({ step: 'code', otp_ref: refOf(page.body), code }));
    expect(late.status).toBe(400);
  });

  it('allows five attempts per code, and a used code cannot sign in twice', async () => {
    const phone = await newAgentPhone();
    const page = await post({ step: 'phone', phone, ...authorizeParams(pkce().challenge) });
    const code = await lastSmsCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      expect((await post({ step: 'code', otp_ref: refOf(page.body), code: wrong })).body).toContain(
        'That code is not correct.',
      );
    expect((await post({ step: 'code', otp_ref: refOf(page.body), code })).status).toBe(302);
    expect((await post({ step: 'code', otp_ref: refOf(page.body), code })).status).toBe(400);

    const next = await post({ step: 'phone', phone, ...authorizeParams(pkce().challenge) });
    const nextCode = await lastSmsCode(phone);
    for (let i = 0; i < 5; i++) await post({ step: 'code', otp_ref: refOf(next.body), code: wrong });
    expect((await post({ step: 'code', otp_ref: refOf(next.body), code: nextCode })).status).toBe(400);
  });

  it('sends at most three codes to a phone in 15 minutes', async () => {
    const phone = await newAgentPhone();
    for (let i = 0; i < 5; i++)
      expect((await post({ step: 'phone', phone, ...authorizeParams(pkce().challenge) })).status).toBe(200);
    const sent = await server.db.selectFrom('outbox').select('id').where('recipient', '=', phone).execute();
    expect(sent).toHaveLength(3);
  });
});
