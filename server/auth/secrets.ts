import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

import { sha256 } from './tokens.ts';

// Codes people type (invite and reset codes) use an alphabet without look-alikes (0/O, 1/I/L):
// 16 characters of 31 symbols are about 79 bits, far beyond what the guess limit lets anyone try.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_GROUPS = 4;

export function newTypedCode(): string {
  const groups = Array.from({ length: CODE_GROUPS }, () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

/** Invite and reset codes are matched case-insensitively and without surrounding space. */
export const codeHash = (code: string) => sha256(code.trim().toUpperCase());

/** A secret only machines handle (temporary credential, authorization code, page reference). */
export const newSecret = () => randomBytes(32).toString('base64url');

export const newSixDigitCode = () => String(randomInt(1_000_000)).padStart(6, '0');

export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** PKCE S256 (RFC 7636 section 4.6): BASE64URL(SHA256(verifier)) must equal the challenge. */
export const pkceMatches = (verifier: string, challenge: string) => sameText(sha256(verifier), challenge);
