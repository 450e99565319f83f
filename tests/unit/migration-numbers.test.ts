import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// server/db/migrate.ts applies every `*.sql` file of the folder not yet recorded in
// schema_migrations, in the order of a plain `.sort()` of the file names. The numbers are that
// order, so each new migration takes the next free number. An applied file cannot be renamed
// (databases record its name), so a collision already applied stays, listed here with its reason.
const MIGRATIONS_DIR = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url));
const NAME = /^\d{3}_[a-z0-9_]+\.sql$/;

const GRANDFATHERED: { number: string; files: string[]; reason: string }[] = [
  {
    number: '008',
    files: ['008_analytics.sql', '008_sign_in_attempts.sql'],
    reason:
      'written on two branches at once (analytics, sign-in lockout) and both applied as merged; ' +
      'they touch different tables, and the name sort applies analytics first',
  },
];

const files = readdirSync(MIGRATIONS_DIR).filter((f) => f !== 'README.md');
/** The leading digits, however many (a badly named file still gets its place in the order check). */
const numberOf = (file: string) => Number(/^\d+/.exec(file)?.[0] ?? Number.NaN);

describe('migration numbers', () => {
  it('finds the migrations', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('names every file NNN_<lower_snake>.sql', () => {
    expect(files.filter((f) => !NAME.test(f))).toEqual([]);
  });

  it('gives each migration its own number, except the grandfathered pair', () => {
    const byNumber = new Map<string, string[]>();
    for (const file of files.filter((f) => NAME.test(f))) {
      const number = file.slice(0, 3);
      byNumber.set(number, [...(byNumber.get(number) ?? []), file]);
    }
    const shared = [...byNumber]
      .filter(([, names]) => names.length > 1)
      .map(([number, names]) => ({ number, files: names.sort() }));
    expect(shared).toEqual(GRANDFATHERED.map(({ number, files: names }) => ({ number, files: names })));
  });

  it("sorts the file names (the migrator's order) in numeric order", () => {
    const byName = [...files].sort();
    const byNumber = [...files].sort((a, b) => numberOf(a) - numberOf(b) || (a < b ? -1 : a > b ? 1 : 0));
    expect(byName).toEqual(byNumber);
  });
});
