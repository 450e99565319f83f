import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// "Sign this user out everywhere" is written once: server/auth/sign-out.ts revokes the refresh and
// access tokens, drops the push subscriptions of those sign-ins and records ACCESS_CHANGED. Any other
// server file that revokes tokens by hand would skip the rest, so it is refused here.
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return full.endsWith(path.join('db', 'migrations')) ? [] : sourceFiles(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

/** An update of a token table (named, or through a variable) that sets revoked_at, in one statement. */
const REVOKES_TOKENS = /updateTable\(\s*(?:'(?:refresh|access)_tokens'|[a-zA-Z_]+)\s*\)[^;]*?revoked_at\s*:/s;

describe('one sign-out everywhere', () => {
  it('recognises a hand-written token revocation', () => {
    expect(
      REVOKES_TOKENS.test(
        "await db.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', id).execute();",
      ),
    ).toBe(true);
    expect(REVOKES_TOKENS.test("await db.updateTable('invites').set({ revoked_at: now }).execute();")).toBe(false);
  });

  it('only server/auth/sign-out.ts revokes tokens', () => {
    const revoking = sourceFiles('server').filter((f) =>
      REVOKES_TOKENS.test(readFileSync(f, 'utf8').replace(/updateTable\('invites'\)/g, '')),
    );
    expect(revoking).toEqual([path.join('server', 'auth', 'sign-out.ts')]);
  });
});
