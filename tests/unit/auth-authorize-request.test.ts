import { describe, expect, it } from 'vitest';

import { checkAuthorizeRequest, isRegisteredRedirect } from '../../server/auth/authorize-request.ts';
import { escapeHtml, linkify } from '../../server/auth/html.ts';

const HOSTS = ['agents.localhost', 'agents.example.com'];

describe('registered redirect URIs of the agents client', () => {
  it.each([
    ['http://agents.localhost/login', true],
    ['http://agents.localhost:5173/login', true],
    ['http://agents.localhost:65535/login', true],
    ['https://agents.example.com/login', true],
    ['http://agents.localhost:65536/login', false],
    ['http://agents.localhost:0/login', false],
    ['https://agents.example.com:8443/login', false],
    ['http://agents.localhost:5173/login/', false],
    ['http://agents.localhost:5173/login?next=/x', false],
    ['http://agents.localhost:5173/login#x', false],
    ['http://user@agents.localhost/login', false],
    ['http://AGENTS.localhost/login', false],
    ['http://agentsXlocalhost/login', false],
    ['http://agents.localhost.evil.test/login', false],
    ['http://evil.test/agents.localhost/login', false],
    ['javascript://agents.localhost/login', false],
    ['http://localhost:5173/login', false],
  ])('%s is registered: %s', (uri, expected) => {
    expect(isRegisteredRedirect(uri, HOSTS)).toBe(expected);
  });
});

describe('authorisation requests', () => {
  const good = {
    response_type: 'code',
    client_id: 'porchlight-agent',
    redirect_uri: 'http://agents.localhost:5173/login',
    state: 'xyz',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  };

  it('accepts a complete S256 request', () => {
    expect(checkAuthorizeRequest(good, HOSTS)).toEqual({
      ok: true,
      request: {
        clientId: 'porchlight-agent',
        redirectUri: good.redirect_uri,
        state: 'xyz',
        codeChallenge: good.code_challenge,
      },
    });
  });

  it.each([
    ['code_challenge_method', 'plain'],
    ['code_challenge_method', undefined],
    ['code_challenge', 'short'],
    ['code_challenge', undefined],
    ['response_type', 'token'],
    ['client_id', 'porchlight-console'],
    ['redirect_uri', undefined],
    ['state', 'x'.repeat(513)],
  ])('refuses %s = %s', (field, value) => {
    expect(checkAuthorizeRequest({ ...good, [field]: value }, HOSTS).ok).toBe(false);
  });
});

describe('page text', () => {
  it('escapes markup and links only http(s) addresses', () => {
    expect(escapeHtml(`<a href="x">'&`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;');
    expect(linkify('see https://x.test/a?b=1&c=<2>. or javascript:alert(1)')).toBe(
      'see <a href="https://x.test/a?b=1&amp;c=">https://x.test/a?b=1&amp;c=</a>&lt;2&gt;. or javascript:alert(1)',
    );
  });
});
