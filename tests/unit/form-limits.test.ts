import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { EMAIL_MAX, fieldMaxLengths, maxLengthOf, PHONE_TEXT_MAX } from '../../src/contract/limits.ts';
import { PERSON_NAME_MAX } from '../../src/contract/person-name.ts';

// Forms from the contract: one field has one length in every schema the server checks,
// and no form types a length of its own (its maxLength is the schema's, read with fieldMaxLengths).

const modules = import.meta.glob<Record<string, unknown>>('../../src/contract/*.ts', { eager: true });
const isSchema = (x: unknown): x is Parameters<typeof fieldMaxLengths>[0] =>
  typeof x === 'object' && x !== null && (x as { kind?: string }).kind === 'schema';

/** Every text field's limit in every object schema of the contract: `module:Schema.field` -> length. */
const LIMITS = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, s]) => isSchema(s))
    .flatMap(([name, s]) =>
      Object.entries(fieldMaxLengths(s as Parameters<typeof fieldMaxLengths>[0])).map(([field, max]) => ({
        where: `${path.basename(file)}:${name}.${field}`,
        field,
        max,
      })),
    ),
);

/** The fields a person fills in on many forms, under each name the contract gives them, with their one length. */
const ONE_LENGTH: Record<string, number> = {
  firstName: PERSON_NAME_MAX,
  lastName: PERSON_NAME_MAX,
  nameFirst: PERSON_NAME_MAX,
  nameLast: PERSON_NAME_MAX,
  cosignerFirstName: PERSON_NAME_MAX,
  cosignerLastName: PERSON_NAME_MAX,
  email: EMAIL_MAX,
  emailAddress: EMAIL_MAX,
  phone: PHONE_TEXT_MAX,
  phoneNumber: PHONE_TEXT_MAX,
};

/** Forms whose length is still typed in the form, each with its reason; the list only shrinks (it is empty). */
const NOT_YET_FROM_CONTRACT = new Set<string>([]);

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );

describe('one field, one length', () => {
  it("reads a limit through trim, optional, nullable and a pipe, and not an array's item count", async () => {
    const v = await import('valibot');
    expect(maxLengthOf(v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(12)))))).toBe(12);
    expect(maxLengthOf(v.pipe(v.array(v.string()), v.maxLength(3)))).toBeUndefined();
    expect(maxLengthOf(v.string())).toBeUndefined();
    expect(
      fieldMaxLengths(
        v.pipe(
          v.strictObject({ a: v.pipe(v.string(), v.maxLength(5)) }),
          v.check(() => true),
        ),
      ),
    ).toEqual({ a: 5 });
  });

  it('finds the fields of the forms in the contract (the walk sees them)', () => {
    for (const field of ['firstName', 'email', 'phone', 'nameFirst', 'emailAddress', 'phoneNumber']) {
      expect(LIMITS.filter((l) => l.field === field && l.max !== undefined).length, field).toBeGreaterThan(0);
    }
  });

  it('every schema that limits a name, an email or a phone limits it to the same length', () => {
    const differing = LIMITS.filter(
      (l) => l.max !== undefined && l.field in ONE_LENGTH && l.max !== ONE_LENGTH[l.field],
    ).map((l) => `${l.where} is ${l.max}, not ${ONE_LENGTH[l.field]}`);
    expect(differing).toEqual([]);
  });

  it('no form types a length of its own: its maxLength comes from the contract', () => {
    const typed = walk('src')
      .filter(
        (f) =>
          f.endsWith('.tsx') &&
          (f.startsWith('src/features') || f.startsWith('src/ui') || f.startsWith('src/widgets')) &&
          !NOT_YET_FROM_CONTRACT.has(f),
      )
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ at: `${f}:${i + 1}`, line })),
      )
      .filter(({ line }) => /maxLength=\{[^}]*\b\d+\b[^}]*\}/.test(line))
      .map(({ at, line }) => `${at}: ${line.trim()}`);
    expect(typed).toEqual([]);
    for (const f of NOT_YET_FROM_CONTRACT)
      expect(readFileSync(f, 'utf8'), `${f} may leave the list`).toMatch(/maxLength=\{[^}]*\b\d+\b/);
  });
});
