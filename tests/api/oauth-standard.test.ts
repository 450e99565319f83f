import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { call, DEMO_PASSWORD, signIn, startTestServer, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const token = (form: Record<string, string>) => call(server, 'POST', '/auth/oauth2.0/accessToken', { form });
const console_ = 'porchlight-console';

describe('token endpoint errors (RFC 6749 section 5.2)', () => {
  it.each([
    [
      'a wrong password',
      { grant_type: 'password', username: 'broker@demo.test', password: 'nope-nope-1', client_id: console_ },
      'invalid_grant',
    ],
    [
      'an unknown refresh token',
      { grant_type: 'refresh_token', refresh_token: 'not-a-token', client_id: console_ },
      'invalid_grant',
    ],
    [
      'an unknown authorization code',
      {
        grant_type: 'authorization_code',
        code: 'nope',
        code_verifier: 'x'.repeat(43),
        redirect_uri: 'http://agents.localhost/',
        client_id: 'porchlight-agent',
      },
      'invalid_grant',
    ],
    ['an unknown grant type', { grant_type: 'client_credentials', client_id: console_ }, 'unsupported_grant_type'],
    ['no grant type', { client_id: console_ }, 'invalid_request'],
    [
      'a missing password',
      { grant_type: 'password', username: 'broker@demo.test', client_id: console_ },
      'invalid_request',
    ],
    [
      'an unknown client',
      { grant_type: 'password', username: 'broker@demo.test', password: DEMO_PASSWORD, client_id: 'evil' },
      'invalid_client',
    ],
  ])('answers %s with 400 and the code %s', async (_what, form, code) => {
    const res = await token(form as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(res.body.error).toBe(code);
    expect(typeof res.body.error_description).toBe('string');
  });

  it('keeps the message and fields the console reads', async () => {
    const res = await token({ grant_type: 'password', username: 'broker@demo.test', client_id: console_ });
    expect(res.body).toMatchObject({
      status: 400,
      message: 'The request body is not valid',
      error_description: 'The request body is not valid',
    });
    expect(Object.keys(res.body.fields)).toContain('password');
    const wrong = await token({
      grant_type: 'password',
      username: 'broker@demo.test',
      password: 'nope-nope-1',
      client_id: console_,
    });
    expect(wrong.body.message).toBe('The username or password is incorrect');
    expect(wrong.headers.get('Cache-Control')).toBe('no-store');
  });

  it('leaves successful answers alone', async () => {
    const caller = await signIn(server, 'broker@demo.test');
    expect(caller.token).toMatch(/^[\w-]{40,}$/);
  });
});

describe('authorization server metadata (RFC 8414)', () => {
  it('is served at /.well-known/oauth-authorization-server with the endpoints and PKCE S256', async () => {
    const res = await call(server, 'GET', 'http://agents.localhost/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      issuer: 'http://agents.localhost:8080',
      authorization_endpoint: 'http://agents.localhost:8080/auth/oauth2.0/authorize',
      token_endpoint: 'http://agents.localhost:8080/auth/oauth2.0/accessToken',
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    });
    expect(res.body.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
  });

  it('refuses parameters with a 400 JSON body', async () => {
    const res = await call(server, 'GET', '/.well-known/oauth-authorization-server?x=1');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400 });
  });

  it('is not swallowed by the console when the console is served', async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'porchlight-static-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
    const app = createApp({ db: server.db, config: { ...testConfig(), staticDir }, serveConsole: true });
    const meta = await app.request('/.well-known/oauth-authorization-server');
    expect(meta.headers.get('Content-Type')).toMatch(/^application\/json/);
    const other = await app.request('/.well-known/openid-configuration');
    expect(other.status).toBe(404);
    expect(other.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect((await app.request('/console')).headers.get('Content-Type')).toMatch(/^text\/html/);
  });
});
