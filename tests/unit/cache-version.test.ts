import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { CACHE_CONTRACT_FINGERPRINT, CACHE_VERSION } from '../../src/app/query-persistence.ts';

// The persisted query cache and the code agree on versions. A restored answer is read
// through the contract's shapes; when a shape the API layer parses with changes, an older copy may
// lack what the new code reads, so CACHE_VERSION (the persister's buster) must change with it. This
// test fingerprints every contract schema that src/api imports (the answers the cache holds) and
// fails until the fingerprint beside CACHE_VERSION is updated, which is the moment to bump it.

const ROOT = path.resolve(import.meta.dirname, '../..');
type Node = Record<string, unknown>;

/** A schema's shape as plain data: kinds, types, entries, items, options and pipe steps; no messages or functions. */
export function shapeOf(schema: unknown, seen = new Set<unknown>()): unknown {
  if (schema === null || typeof schema !== 'object') return schema;
  if (seen.has(schema)) return '<cycle>';
  seen.add(schema);
  const s = schema as Node;
  const out: Node = { kind: s['kind'], type: s['type'] };
  for (const key of ['expects', 'requirement'] as const) {
    const value = s[key];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    if (value instanceof RegExp) out[key] = String(value);
  }
  if (s['entries'])
    out['entries'] = Object.fromEntries(
      Object.entries(s['entries'] as Node)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, e]) => [k, shapeOf(e, seen)]),
    );
  for (const key of ['item', 'wrapped', 'key', 'value', 'rest'] as const) if (s[key]) out[key] = shapeOf(s[key], seen);
  if (Array.isArray(s['options'])) out['options'] = (s['options'] as unknown[]).map((o) => shapeOf(o, seen));
  if (Array.isArray(s['items'])) out['items'] = (s['items'] as unknown[]).map((o) => shapeOf(o, seen));
  if (Array.isArray(s['pipe'])) out['pipe'] = (s['pipe'] as unknown[]).slice(1).map((p) => shapeOf(p, seen));
  return out;
}

/** Schemas src/api imports from src/contract (value imports: the shapes answers are parsed with), by module. */
function apiContractImports(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const dir = path.join(ROOT, 'src/api');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'\.\.\/contract\/([\w-]+)\.ts'/g)) {
      if (m[1]) continue;
      const names = m[2]!
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n && !n.startsWith('type '))
        .map((n) => n.split(/\s+as\s+/)[0]!);
      const set = found.get(m[3]!) ?? new Set<string>();
      for (const n of names) set.add(n);
      found.set(m[3]!, set);
    }
  }
  return found;
}

async function fingerprint(): Promise<{ hash: string; count: number }> {
  const parts: [string, unknown][] = [];
  for (const [module, names] of [...apiContractImports()].sort(([a], [b]) => a.localeCompare(b))) {
    const mod = (await import(`../../src/contract/${module}.ts`)) as Record<string, unknown>;
    for (const name of [...names].sort()) {
      const value = mod[name];
      if (value && typeof value === 'object' && (value as Node)['kind'] === 'schema')
        parts.push([`${module}.${name}`, shapeOf(value)]);
    }
  }
  return { hash: createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16), count: parts.length };
}

describe('the persisted cache version', () => {
  it('changes with every contract shape the cached answers are read with', async () => {
    const { hash, count } = await fingerprint();
    expect(count).toBeGreaterThan(50);
    expect(
      hash,
      `A contract shape that src/api reads answers with changed: bump CACHE_VERSION (now ${CACHE_VERSION}) in ` +
        `src/app/query-persistence.ts and set CACHE_CONTRACT_FINGERPRINT to '${hash}'.`,
    ).toBe(CACHE_CONTRACT_FINGERPRINT);
  });

  it('tells a changed shape apart: an added field, a new option, a nullable made required', async () => {
    const v = await import('valibot');
    const base = v.object({ id: v.number(), stage: v.picklist(['A', 'B']), name: v.nullable(v.string()) });
    const key = (s: unknown) => JSON.stringify(shapeOf(s));
    expect(key(v.object({ ...base.entries, extra: v.string() }))).not.toBe(key(base));
    expect(key(v.object({ ...base.entries, stage: v.picklist(['A', 'B', 'C']) }))).not.toBe(key(base));
    expect(key(v.object({ ...base.entries, name: v.string() }))).not.toBe(key(base));
    expect(key(v.object({ name: v.nullable(v.string()), stage: v.picklist(['A', 'B']), id: v.number() }))).toBe(
      key(base),
    );
  });
});
