// The authentication cache (server/auth/token-cache.ts): a request authenticates without a
// query while its token's entry is fresh, yet a logout, a revocation or a removal made through the
// same process is refused on the very next request, a change made by another process (here: SQL on
// the database, as another API process would write it) is refused once the stated bound has passed,
// and token expiry is checked against the request's clock on every use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TokenCache } from '../../server/auth/token-cache.ts';
import { sha256 } from '../../server/auth/tokens.ts';
import { call, signIn, startTestServer, type TestServer } from '../setup/test-server.ts';

const BOUND_MS = 300;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ authCacheMs: BOUND_MS });
});
afterAll(async () => {
  await server.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const revokeInDatabase = (token: string) =>
  server.db
    .updateTable('access_tokens')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', sha256(token))
    .execute();

describe('the authentication cache', () => {
  it('refuses a token on the next request after it was logged out through the same process', async () => {
    const csr = await signIn(server, 'csr@demo.test');
    expect((await csr.get('/users-api/users/me')).status).toBe(200);
    expect((await call(server, 'GET', '/auth/logout', { token: csr.token })).status).toBe(204);
    expect((await csr.get('/users-api/users/me')).status).toBe(401);
  });

  it("refuses a removed user's token on the next request after the removal", async () => {
    const admin = await signIn(server, 'admin@demo.test');
    const engagement = await signIn(server, 'engagement@demo.test');
    expect((await engagement.get('/users-api/users/me')).status).toBe(200);
    const id = (
      await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'engagement@demo.test')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await admin.delete(`/users-api/users/${id}`)).status).toBe(200);
    expect((await engagement.get('/users-api/users/me')).status).toBe(401);
  });

  it(`refuses a token revoked by another process once the bound (${BOUND_MS} ms) has passed`, async () => {
    const qa = await signIn(server, 'qa@demo.test');
    expect((await qa.get('/users-api/users/me')).status).toBe(200);
    await revokeInDatabase(qa.token);
    await sleep(BOUND_MS + 20);
    expect((await qa.get('/users-api/users/me')).status).toBe(401);
  });

  it('checks expiry against the request clock even for a cached token', async () => {
    const manager = await signIn(server, 'manager@demo.test');
    expect((await manager.get('/users-api/users/me')).status).toBe(200);
    server.setNow(new Date(Date.now() + 301_000)); // access tokens live 300 s
    try {
      expect((await manager.get('/users-api/users/me')).status).toBe(401);
    } finally {
      server.setNow(new Date());
    }
  });

  it('does not store what a lookup read when the cache was emptied while it ran', async () => {
    const supervisor = await signIn(server, 'supervisor@demo.test');
    const cache = new TokenCache(60_000);
    const hash = sha256(supervisor.token);
    const racing = cache.lookup(server.db, hash, new Date());
    cache.invalidate(); // a logout answered while the lookup was reading
    expect((await racing)?.user?.id).toBeTypeOf('number');
    await revokeInDatabase(supervisor.token);
    expect(await cache.lookup(server.db, hash, new Date())).toBeUndefined();
  });

  it('keeps a valid token for its bound, and nothing for an unknown one', async () => {
    const broker = await signIn(server, 'broker.basic@demo.test');
    const cache = new TokenCache(60_000);
    const hash = sha256(broker.token);
    expect((await cache.lookup(server.db, hash, new Date()))?.user?.email).toBe('broker.basic@demo.test');
    await revokeInDatabase(broker.token);
    expect((await cache.lookup(server.db, hash, new Date()))?.user?.email).toBe('broker.basic@demo.test');
    expect(await cache.lookup(server.db, sha256('no-such-token'), new Date())).toBeUndefined();
    cache.invalidate();
    expect(await cache.lookup(server.db, hash, new Date())).toBeUndefined();
  });
});
