import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The specification lives beside the repository (../shared/spec); docs/spec is its pinned copy, so
// that citations resolve from a clone. Where the folder is present the two must be equal.
const ROOT = path.resolve(import.meta.dirname, '../..');
const SHARED = path.resolve(ROOT, '../shared/spec');
const PINNED = path.join(ROOT, 'docs/spec');
// The copy's own index, which the shared folder does not have.
const OWN = new Set(['README.md']);

const files = (dir: string) =>
  readdirSync(dir)
    .filter((f) => !OWN.has(f))
    .sort();

describe('the pinned copy of the specification', () => {
  it('holds each text the repository cites', () => {
    expect(files(PINNED)).toEqual(
      expect.arrayContaining(['DECISIONS.md', 'access-shell-admin.md', 'dashboard-data-calls.md']),
    );
  });

  it.runIf(existsSync(SHARED))('equals ../shared/spec, file for file', () => {
    expect(files(PINNED)).toEqual(files(SHARED));
    const differing = files(SHARED).filter(
      (f) => readFileSync(path.join(SHARED, f), 'utf8') !== readFileSync(path.join(PINNED, f), 'utf8'),
    );
    expect(differing).toEqual([]);
  });
});
