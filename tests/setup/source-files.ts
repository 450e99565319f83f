import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// The repository's TypeScript sources, for the unit tests that scan them for a rule of the house.

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every .ts and .tsx file under `dir` (relative to the repository), as repository-relative paths. */
export function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) return filesUnder(rel);
    return /\.tsx?$/.test(name) ? [rel] : [];
  });
}

/** A repository-relative file's text. */
export const sourceOf = (rel: string): string => readFileSync(path.join(ROOT, rel), 'utf8');
