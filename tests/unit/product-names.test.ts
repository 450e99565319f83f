import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Names of the product: code, tests and docs say what the product does, not how it was delivered;
// route files and their arrays share the resource's name; every citation of the spec or a decision
// record resolves from a clone of the repository.
const ROOT = path.resolve(import.meta.dirname, '../..');
const TEXT = /\.(ts|tsx|mts|mjs|js|cjs|css|md|json|html|sql|sh)$/;

/** Every text file under the folders, relative to the root; `skip` names folders left out. */
function walk(folders: string[], skip: string[] = []): string[] {
  const out: string[] = [];
  const visit = (rel: string) => {
    if (skip.includes(rel) || rel.split('/').includes('node_modules')) return;
    const abs = path.join(ROOT, rel);
    if (!existsSync(abs)) return;
    if (statSync(abs).isDirectory()) for (const name of readdirSync(abs).sort()) visit(`${rel}/${name}`);
    else if (TEXT.test(rel)) out.push(rel);
  };
  folders.forEach(visit);
  return out;
}

// Applied migrations are history: their text is checksummed, so they keep what they say.
const EDITABLE = walk(['src', 'server', 'sw', 'tests', 'e2e', 'docs', 'scripts', 'bench'], ['server/db/migrations']);

// Tags of the delivery history. Built from parts so that this file does not match itself.
const TAGS = [
  new RegExp(`\\b${'issue'} [0-9]`, 'i'),
  new RegExp(`\\b${'engineer'} [A-Z]\\b`),
  new RegExp(`\\b${'finding'} [0-9]`, 'i'),
];

/** Each line of the files matching one of the patterns, as `file:line: text`. */
function hits(files: string[], patterns: RegExp[]): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (patterns.some((p) => p.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('names of the product', () => {
  it('reads no issue, engineer or finding tags in code, tests or docs (applied migrations keep theirs)', () => {
    expect(EDITABLE.length).toBeGreaterThan(500);
    expect(hits(EDITABLE, TAGS)).toEqual([]);
  });

  it('finds a tag when one is written (the check can fail)', () => {
    const tagged = ['// the live console (iss', 'ue 38) by engin', 'eer Q, find', 'ing 2'].join('');
    expect(TAGS.map((t) => t.test(tagged))).toEqual([true, true, true]);
  });
});

// Route files: each file under server/routes that declares routes exports an array named after
// the file (`brokerage-referrals.ts` exports `brokerageReferralRoutes`; a qualifier around the
// name is allowed: `agentReferralWriteRoutes` in `referral-writes.ts`). The family tables
// (`index.ts`) are named after their folder; the table of every family is `ROUTES`.
const ROUTE_FILES = walk(['server/routes']).filter((f) => f.endsWith('.ts') && f !== 'server/routes/index.ts');

/** Lower case, no separators, each word singular: `content-items` -> `contentitem`, `opportunities` -> `opportunity`. */
const words = (kebab: string) =>
  kebab
    .split('-')
    .map((w) => w.toLowerCase().replace(/ies$/, 'y').replace(/s$/, ''))
    .join('');
const camelWords = (camel: string) => words(camel.replace(/([a-z0-9])([A-Z])/g, '$1-$2'));

export function routeArrayMismatch(file: string, text: string): string | null {
  const base = path.basename(file, '.ts');
  const stem = base === 'index' ? path.basename(path.dirname(file)) : base;
  const arrays = [...text.matchAll(/export const (\w+)Routes\b/g)].map((m) => m[1]!);
  const declaresRoutes = arrays.length > 0 || /export const \w+\s*:\s*RouteDef\[\]/.test(text);
  if (!declaresRoutes) return null;
  if (arrays.some((a) => camelWords(a).includes(words(stem)))) return null;
  return `${file} exports ${arrays.map((a) => `${a}Routes`).join(', ') || 'a route array not named xRoutes'}`;
}

describe('route files and their arrays', () => {
  it('name each route array after its file', () => {
    expect(ROUTE_FILES.length).toBeGreaterThan(50);
    const wrong = ROUTE_FILES.flatMap((f) => routeArrayMismatch(f, readFileSync(path.join(ROOT, f), 'utf8')) ?? []);
    expect(wrong).toEqual([]);
  });

  it('tells a mismatch (the check can fail)', () => {
    expect(
      routeArrayMismatch(
        'server/routes/agents-api/brokerage-referrals.ts',
        'export const referralRoutes: RouteDef[] = [];',
      ),
    ).toBe('server/routes/agents-api/brokerage-referrals.ts exports referralRoutes');
    expect(
      routeArrayMismatch(
        'server/routes/agents-api/referral-writes.ts',
        'export const agentReferralWriteRoutes: RouteDef[] = [];',
      ),
    ).toBeNull();
    expect(routeArrayMismatch('server/routes/agents-api/overdue-sql.ts', 'export const OVERDUE = 1;')).toBeNull();
  });
});

// Citations: a path under docs/spec/ or a decision record docs/decisions/NNNN names a file that is
// there; nothing cites the spec or DECISIONS.md outside the repository (../shared/...) or by a bare
// name a clone cannot find. Left out: the pinned copy itself, this file (its examples), and the check
// that keeps the copy equal to ../shared/spec.
const SELF = 'tests/unit/product-names.test.ts';
const CITING = EDITABLE.filter((f) => !f.startsWith('docs/spec/') && f !== SELF);
const SPEC_PATH = /docs\/spec\/([\w.-]+\.md)/g;
const DECISION_PATH = /docs\/decisions\/(\d{4})\b/g;
const DECISIONS = readdirSync(path.join(ROOT, 'docs/decisions'));
const OUTSIDE = new RegExp(`\\.\\./${'shared'}/(spec|DECISIONS\\.md)|(?<!docs/spec/)\\bDECISIONS\\.md`);

export function unresolved(file: string, text: string): string[] {
  const missing: string[] = [];
  for (const m of text.matchAll(SPEC_PATH)) {
    if (!existsSync(path.join(ROOT, 'docs/spec', m[1]!))) missing.push(`${file}: ${m[0]}`);
  }
  for (const m of text.matchAll(DECISION_PATH)) {
    if (!DECISIONS.some((d) => d.startsWith(`${m[1]}-`))) missing.push(`${file}: ${m[0]}`);
  }
  return missing;
}

describe('citations of the spec and the decisions', () => {
  it('resolve every docs/spec/... and docs/decisions/NNNN path to a file of the repository', () => {
    const missing = CITING.flatMap((f) => unresolved(f, readFileSync(path.join(ROOT, f), 'utf8')));
    expect(missing).toEqual([]);
  });

  it('cite the pinned copy, never the spec outside the repository', () => {
    expect(
      hits(
        CITING.filter((f) => f !== 'tests/unit/spec-copy.test.ts'),
        [OUTSIDE],
      ),
    ).toEqual([]);
  });

  it('tells a citation that resolves nowhere (the check can fail)', () => {
    expect(unresolved('x.ts', '// docs/spec/no-such-spec.md and docs/decisions/9999')).toEqual([
      'x.ts: docs/spec/no-such-spec.md',
      'x.ts: docs/decisions/9999',
    ]);
    expect(unresolved('x.ts', '// docs/spec/access-shell-admin.md and docs/decisions/0081')).toEqual([]);
  });
});

// Test files are named by the product area they check, never by the batch of work that brought them.
const BATCH_NAMES =
  /(broker-workspace|staff-admin|staff-review|security-review|smaller-points|-extras|-part-?\d|round-?\d)/;

describe('test file names', () => {
  it('name the product area, not a delivery batch', () => {
    const tests = walk(['tests', 'e2e']).filter((f) => /\.(test|spec)\.tsx?$/.test(f));
    expect(tests.length).toBeGreaterThan(100);
    expect(tests.filter((f) => BATCH_NAMES.test(path.basename(f)))).toEqual([]);
  });

  it('tells a batch name (the check can fail)', () => {
    expect(
      ['broker-workspace-people.test.ts', 'security-review.test.ts', 'my-agents.test.ts'].map((f) =>
        BATCH_NAMES.test(f),
      ),
    ).toEqual([true, true, false]);
  });
});
