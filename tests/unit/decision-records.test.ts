import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every decision record (docs/decisions/NNNN-title.md, README.md) is an Architecture Decision Record
// with a date: a reader finds the same four parts in each, whoever wrote it.
const DIR = path.resolve(import.meta.dirname, '../../docs/decisions');
const records = readdirSync(DIR)
  .filter((f) => /^\d{4}-.+\.md$/.test(f))
  .sort();

const PARTS: [string, RegExp][] = [
  ['a "## Context" section', /^## Context\s*$/m],
  ['a "## Decision" section', /^## Decision\b.*$/m],
  ['a "## Consequences" section', /^## Consequences\s*$/m],
  ['a "Date: YYYY-MM-DD" line', /^Date: \d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])\s*$/m],
];

describe('the decision records', () => {
  it('are found', () => {
    expect(records.length).toBeGreaterThan(80);
  });

  it('each have Context, Decision, Consequences and a date', () => {
    const missing = records.flatMap((file) => {
      const text = readFileSync(path.join(DIR, file), 'utf8');
      return PARTS.filter(([, pattern]) => !pattern.test(text)).map(([part]) => `${file}: ${part}`);
    });
    expect(missing).toEqual([]);
  });

  it('each are listed in the index', () => {
    const index = readFileSync(path.join(DIR, 'README.md'), 'utf8');
    expect(records.filter((file) => !index.includes(`(${file})`))).toEqual([]);
  });
});
