import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { hashPassword, needsRehash, verifyPassword } from '../../server/auth/passwords.ts';
import { call, DEMO_PASSWORD, startTestServer, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A hash as the server wrote them before argon2id: scrypt, N=2^17 (parameters stored in the hash). */
function legacyScrypt(password: string, logN = 17): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** logN, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
  return `scrypt$${logN}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

describe('password hashing', () => {
  it('hashes with argon2id at OWASP parameters (m = 19 MiB, t = 2, p = 1) and verifies', async () => {
    const hash = await hashPassword('Sturdy-pass-42');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword('Sturdy-pass-42', hash)).toBe(true);
    expect(await verifyPassword('Sturdy-pass-43', hash)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('upgrades an older scrypt hash to argon2id on the next sign-in that proves the password', async () => {
    const legacy = legacyScrypt(DEMO_PASSWORD);
    expect(needsRehash(legacy)).toBe(true);
    await server.db.updateTable('users').set({ password_hash: legacy }).where('email', '=', 'qa@demo.test').execute();
    const wrong = await call(server, 'POST', '/auth/oauth2.0/accessToken', {
      form: {
        grant_type: 'password',
        username: 'qa@demo.test',
        password: 'Not-the-pass-1',
        client_id: 'porchlight-console',
      },
    });
    expect(wrong.status).toBe(400);
    expect(
      (
        await server.db
          .selectFrom('users')
          .select('password_hash')
          .where('email', '=', 'qa@demo.test')
          .executeTakeFirstOrThrow()
      ).password_hash,
    ).toBe(legacy);
    const right = await call(server, 'POST', '/auth/oauth2.0/accessToken', {
      form: {
        grant_type: 'password',
        username: 'qa@demo.test',
        password: DEMO_PASSWORD,
        client_id: 'porchlight-console',
      },
    });
    expect(right.status).toBe(200);
    const stored = (
      await server.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', 'qa@demo.test')
        .executeTakeFirstOrThrow()
    ).password_hash!;
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(DEMO_PASSWORD, stored)).toBe(true);
  });
});
