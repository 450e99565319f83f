import { scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import argon2 from 'argon2';
import * as v from 'valibot';

import { NewPassword } from '../../src/contract/users.ts';

// Passwords are hashed with argon2id, m = 19 MiB, t = 2, p = 1: OWASP's first argon2id option
// (ASVS 5.0 V11.4.2), about 40 ms of CPU here where scrypt N=2^17 took 510 ms. The `argon2`
// package (a maintained binding of the reference implementation, prebuilt for linux-x64) is the
// one dependency for it: Node 20's crypto has no argon2. Hashes written before, scrypt N=2^17,
// still verify and are upgraded on the next successful sign-in (`needsRehash`).
const ARGON2 = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const MAX_MEM = 256 * 1024 * 1024; // scrypt N=2^17 needs 128 MiB, above Node's 32 MiB default

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2);
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, logN, r, p, saltText, keyText] = stored.split('$');
  if (!logN || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const key = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: 2 ** Number(logN),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEM,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  if (!stored.startsWith('$argon2id$')) return false;
  try {
    return await argon2.verify(stored, password);
  } catch {
    return false; // a malformed stored hash
  }
}

/** Whether a stored hash is of an older scheme or weaker parameters than today's. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith('$argon2id$') || argon2.needsRehash(stored, ARGON2);
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check so a missing account cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-1');
  await verifyPassword(password, await dummyHash);
}

/** The new-password rule (spec 1 section 5): the contract's NewPassword, which the console checks too. */
export function passwordProblem(password: string): string | undefined {
  const checked = v.safeParse(NewPassword, password);
  return checked.success ? undefined : checked.issues[0].message;
}
