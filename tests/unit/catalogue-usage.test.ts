// @vitest-environment jsdom
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

import type * as Client from '../../src/api/client.ts';

// Every call of the spec's catalogue (tests/api/catalogue.test.ts, section 7 of both documents) is
// made by the console, from a fetcher a screen imports, or is listed below with the reason no screen
// needs it (docs/decisions/0074). The calls are found by running the code, not by reading it: paths
// are built by helpers (`${agentPath(id)}/reactivate`), so every module that calls the API client is
// imported with the client replaced by a recorder, and every exported function and every queryFn or
// mutationFn of an exported factory is called with stand-in arguments.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Recorded {
  method: Method;
  path: string;
  module: string;
  exportName: string;
}

const recorded: Recorded[] = [];
/** The property names read from stand-ins: each is then tried once as missing, to take the other branch (`p.q ? search : list`). */
const accessed = new Set<string>();
let caller: { module: string; exportName: string } = { module: '', exportName: '' };

/**
 * A stand-in for any value: callable, every property another stand-in, a number or a word in
 * arithmetic and template strings, an empty list when iterated, never a promise. Given as an
 * argument it is an id, a form or an options object alike; answered by the recorder it lets a
 * fetcher go on to its next call.
 */
function anything(omit?: string): unknown {
  const target = () => undefined;
  const proxy: unknown = new Proxy(target, {
    get(_, key) {
      if (key === 'then') return undefined;
      if (typeof key === 'string') {
        accessed.add(key);
        if (key === omit) return undefined;
      }
      if (key === Symbol.toPrimitive) return (hint: string) => (hint === 'number' ? 1 : '1');
      if (key === Symbol.iterator)
        return function* empty() {
          /* nothing */
        };
      if (key === 'totalElements') return 0;
      if (key === 'length') return 1; // not empty, so `if (list.length === 0) return` goes on to the call
      if (key === 'toString' || key === 'valueOf') return () => '1';
      if (key === 'toJSON') return () => '1';
      return anything(omit);
    },
    apply: () => anything(omit),
    construct: () => anything(omit) as object,
    has: () => false,
    ownKeys: () => [],
  });
  return proxy;
}

vi.mock('../../src/api/client.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Client>();
  const record = (method: Method, p: string) => {
    recorded.push({ method, path: p.split('?')[0]!, ...caller });
    return Promise.resolve(anything());
  };
  return {
    ...real,
    request: (p: string, options: { method?: Method } = {}) => record(options.method ?? 'GET', p),
    requestBlob: (p: string) => record('GET', p),
  };
});

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) return filesUnder(rel);
    return /\.tsx?$/.test(name) ? [rel] : [];
  });
}

/** The spec's catalogue, read from its table (importing the test file would run its tests here). */
const CATALOGUE = [
  ...read('tests/api/catalogue.test.ts').matchAll(/method: '(GET|POST|PUT|PATCH|DELETE)',\s*path: '([^']+)'/g),
].map((m) => ({ method: m[1] as Method, path: m[2]! }));
const key = (c: { method: string; path: string }) => `${c.method} ${c.path}`;

/**
 * Calls no screen needs, each with its reason (docs/decisions/0074 lists the same): the console
 * reaches what they serve through another call, or they serve a client that is not the console.
 */
export const NO_SCREEN_NEEDS: Record<string, string> = {
  'GET /users-api/users/checkContactInfo':
    'A public check whether an address has an account. No console form asks first: an invitation to a known address answers as one to a new address (0027), so no screen needs to know.',
  'PATCH /agents-api/brokerages/{id}':
    'The brokerage edit dialog saves the whole record with PUT /agents-api/brokerages/{id}; a partial change has no screen of its own.',
  'GET /interviews-api/agentInvitations/stats/{ids}':
    'The same figures for up to 50 brokerages at once; the console shows one brokerage’s invitations at a time (Pending Invitations, GET .../brokerages/{id}/agentInvitations/stats) and no screen lists many brokerages’ invitation figures.',
  'GET /interviews-api/recordings':
    'QA Review plays a call’s recordings through GET /interviews-api/interactions/{id}/recordings, the same rows for the one interaction reviewed.',
  'GET /interviews-api/broker-leads/{id}':
    'The lead dialog reads the same lead through GET /interviews-api/broker-leads/lead/{opportunityId} (the spec’s “single lead by opportunity id”), in the shape it shows.',
  'GET /interviews-api/content-items/best-match':
    'The Simulator’s GET .../content-items/all-match answer carries the best match (best: true) beside every other match; best-match would repeat one of its rows.',
  'GET /interviews-api/markets':
    'Markets are shown through their ZIP codes: the ZIP field and GET .../geography name each ZIP’s market. The spec has no market screen or market filter.',
  'POST /contact-center-api/sms':
    'The inbound-SMS webhook of the telephony provider (a STOP reply lands on the DNC list); Twilio calls it, never a screen.',
};

/**
 * Calls the console makes by navigating, not through the API client: the page goes to them (the
 * agent's one-time-password sign-in opens the authorisation endpoint). Each names the file that does.
 */
const NAVIGATED_TO: Record<string, string> = {
  'GET /auth/oauth2.0/authorize': 'src/session/pkce.ts',
};

/**
 * Calls other work in progress is wiring into screens right now: neither used yet nor
 * "not needed". Empty this list as that work lands; a call used by then fails the check below.
 */
export const PENDING_OTHER_HELPERS: readonly string[] = [];

/** Every module under src that calls the API client: all of src/api, and the few features that call it directly. */
const CALLERS = [
  ...filesUnder('src/api').filter((f) => f !== 'src/api/client.ts'),
  ...filesUnder('src').filter(
    (f) => !f.startsWith('src/api/') && /\b(request|requestBlob)\(/.test(read(f)) && /api\/client\.ts'/.test(read(f)),
  ),
];

/** A few turns of the microtask queue, for a call started without being awaited. */
async function pause() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}
const ARITY = 4;
const stand = (omit?: string) => Array.from({ length: ARITY }, () => anything(omit));
/** Stand-ins everywhere, then plain values, then each argument missing or false in turn (`enabled ? 'enable' : 'disable'`). */
const BASE_ARGUMENTS: readonly (readonly unknown[])[] = [
  stand(),
  [1, 1, 1, 1],
  ['x', 'x', 'x', 'x'],
  [{}, {}, {}, {}],
  ...Array.from({ length: ARITY }, (_, i) =>
    [undefined, false, 0, ''].map((falsy) => stand().map((a, j) => (j === i ? falsy : a))),
  ).flat(),
];

/** Runs `fn` with each set of stand-in arguments; its errors and its answer do not matter, only its calls. */
async function exercise(fn: (...args: unknown[]) => unknown, depth = 0): Promise<void> {
  if (depth > 0) return exerciseWith(fn, BASE_ARGUMENTS, depth);
  accessed.clear();
  await exerciseWith(fn, BASE_ARGUMENTS, depth);
  const keys = [...accessed].filter((k) => !['toString', 'valueOf', 'toJSON', 'length', 'constructor'].includes(k));
  await exerciseWith(
    fn,
    keys.map((k) => stand(k)),
    depth,
  );
}

async function exerciseWith(
  fn: (...args: unknown[]) => unknown,
  sets: readonly (readonly unknown[])[],
  depth: number,
): Promise<void> {
  for (const args of sets) {
    let out: unknown;
    try {
      out = fn(...args);
    } catch {
      continue;
    }
    if (out instanceof Promise) await Promise.race([out.catch(() => undefined), new Promise((r) => setTimeout(r, 25))]);
    await pause();
    if (depth < 1 && out && typeof out === 'object') await exerciseObject(out as Record<string, unknown>, depth + 1);
  }
}

/**
 * A query or mutation options object, or a write of src/api/write.ts: its queryFn / mutationFn, and any
 * other function it holds but a write's cache effects, which make no call (they only touch the cache).
 */
async function exerciseObject(obj: Record<string, unknown>, depth: number): Promise<void> {
  for (const [name, value] of Object.entries(obj)) {
    if (name === 'queryKey' || name === 'mutationKey' || name === 'effects') continue;
    if (typeof value === 'function') {
      if (name === 'queryFn') {
        try {
          await Promise.race([
            Promise.resolve(
              (value as (c: unknown) => unknown)({
                queryKey: [],
                signal: new AbortController().signal,
                meta: undefined,
                pageParam: 0,
              }),
            ).catch(() => undefined),
            new Promise((r) => setTimeout(r, 25)),
          ]);
        } catch {
          /* ignored */
        }
      } else {
        await exercise(value as (...args: unknown[]) => unknown, depth);
      }
    }
  }
}

async function recordAll(): Promise<Recorded[]> {
  const modules = import.meta.glob(['../../src/**/*.ts', '!../../src/**/*.css.ts', '!../../src/**/*.d.ts']);
  for (const file of CALLERS) {
    const load = modules[`../../${file}`];
    if (!load) throw new Error(`${file} cannot be imported`);
    const mod = (await load()) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      caller = { module: file, exportName: name };
      if (typeof value === 'function') await exercise(value as (...args: unknown[]) => unknown);
      else if (value && typeof value === 'object') await exerciseObject(value as Record<string, unknown>, 0);
    }
  }
  return recorded;
}

/**
 * A path parameter: any one segment without a dot (a file name such as `/opportunities/export.csv`
 * is a route of its own, not an id). Where a literal path matches too (`/agents/boost` beside
 * `/agents/{id}`), the most literal template wins (catalogueCallOf).
 */
const PARAM = '[^/.]*';
const templateRegex = (p: string) =>
  new RegExp(
    `^${p
      .split('/')
      .map((s) => (/^\{\w+\}$/.test(s) ? PARAM : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join('/')}$`,
  );
const literalSegments = (p: string) => p.split('/').filter((s) => !/^\{\w+\}$/.test(s)).length;

/** The catalogue call a recorded request is: the matching template with the most literal segments (`/agents/boost` over `/agents/{id}`). */
function catalogueCallOf(r: { method: string; path: string }): string | undefined {
  const matches = CATALOGUE.filter((c) => c.method === r.method && templateRegex(c.path).test(r.path));
  matches.sort((a, b) => literalSegments(b.path) - literalSegments(a.path));
  return matches[0] ? key(matches[0]) : undefined;
}

/** Files that show or drive screens: the routes and shell, the features, the shared components, the session. */
const CONSUMERS = ['src/app', 'src/features', 'src/widgets', 'src/ui', 'src/session']
  .flatMap(filesUnder)
  .map((f) => ({ file: f, text: read(f) }));

/** Whether some consumer imports `exportName` from `module` (statically, or by a dynamic import and a use of the name). */
function importedByAScreen(module: string, exportName: string): boolean {
  if (!module.startsWith('src/api/'))
    return (
      CONSUMERS.some((c) => c.file === module) &&
      CONSUMERS.some((c) => c.file !== module && c.text.includes(path.basename(module, '.ts')))
    );
  const moduleRef = new RegExp(`['"][./]*(?:[\\w-]+/)*api/${path.basename(module).replace('.', '\\.')}['"]`);
  const nameRef = new RegExp(`\\b${exportName}\\b`);
  return CONSUMERS.some((c) => moduleRef.test(c.text) && nameRef.test(c.text));
}

interface Usage {
  calls: Map<string, Recorded[]>;
  usedByScreens: Set<string>;
}
let usage: Usage | undefined;
async function catalogueUsage(): Promise<Usage> {
  if (usage) return usage;
  const calls = new Map<string, Recorded[]>();
  for (const r of await recordAll()) {
    const c = catalogueCallOf(r);
    if (c) calls.set(c, [...(calls.get(c) ?? []), r]);
  }
  const usedByScreens = new Set(
    [...calls].filter(([, rs]) => rs.some((r) => importedByAScreen(r.module, r.exportName))).map(([c]) => c),
  );
  usage = { calls, usedByScreens };
  return usage;
}

describe('every catalogue call is used by a screen or recorded as not needed', () => {
  it('reads the whole catalogue and the lists name only catalogue calls', () => {
    expect(CATALOGUE.length).toBe(read('tests/api/catalogue.test.ts').match(/\{\s*doc: '[AD+]+',/g)?.length);
    const known = new Set(CATALOGUE.map(key));
    expect(
      [...Object.keys(NO_SCREEN_NEEDS), ...Object.keys(NAVIGATED_TO), ...PENDING_OTHER_HELPERS].filter(
        (c) => !known.has(c),
      ),
    ).toEqual([]);
    expect(Object.values(NO_SCREEN_NEEDS).every((reason) => reason.length > 20)).toBe(true);
  });

  it('a call made by navigating is in the file that navigates to it', () => {
    for (const [call, file] of Object.entries(NAVIGATED_TO)) {
      const text = read(file);
      expect(
        text.includes(call.split(' ')[1]!) && /location\.(assign|replace|href)/.test(text),
        `${call} in ${file}`,
      ).toBe(true);
    }
  });

  it('the recorder hears calls whose paths are built by helpers', async () => {
    const started = Date.now();
    const { calls } = await catalogueUsage();
    console.log(`recorded in ${Date.now() - started} ms: ${recorded.length} requests, ${calls.size} catalogue calls`);
    expect(calls.get('PATCH /agents-api/agents/{id}/reactivate')?.length ?? 0).toBeGreaterThan(0);
    expect(calls.get('GET /agents-api/agents/boost')?.length ?? 0).toBeGreaterThan(0);
  }, 120_000);

  it('each catalogue call is requested by a fetcher a screen imports, or is listed with its reason', async () => {
    const { usedByScreens } = await catalogueUsage();
    const accounted = new Set([
      ...usedByScreens,
      ...Object.keys(NAVIGATED_TO),
      ...Object.keys(NO_SCREEN_NEEDS),
      ...PENDING_OTHER_HELPERS,
    ]);
    expect(
      CATALOGUE.map(key).filter((c) => !accounted.has(c)),
      'catalogue calls no screen makes and no list names',
    ).toEqual([]);
  }, 120_000);

  it('a call listed as not needed that a screen now makes leaves the list', async () => {
    const { usedByScreens } = await catalogueUsage();
    expect(
      Object.keys(NO_SCREEN_NEEDS).filter((c) => usedByScreens.has(c)),
      'stale "no screen needs" entries',
    ).toEqual([]);
  }, 120_000);

  it('a pending call that a screen now makes leaves the pending list', async () => {
    const { usedByScreens } = await catalogueUsage();
    expect(
      PENDING_OTHER_HELPERS.filter((c) => usedByScreens.has(c)),
      'pending entries that have landed',
    ).toEqual([]);
  }, 120_000);

  it('a call whose only fetchers no screen imports is not counted as used', async () => {
    const { calls, usedByScreens } = await catalogueUsage();
    const fetchedOnly = [...calls.keys()].filter(
      (c) => !usedByScreens.has(c) && !Object.keys(NO_SCREEN_NEEDS).includes(c) && !PENDING_OTHER_HELPERS.includes(c),
    );
    expect(
      fetchedOnly.map(
        (c) => `${c} (${[...new Set(calls.get(c)?.map((r) => `${r.module}#${r.exportName}`))].join(', ')})`,
      ),
      'calls with a fetcher that no screen imports',
    ).toEqual([]);
  }, 120_000);
});
