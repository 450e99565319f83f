// No 5xx for any input: a property-based fuzz generated from the server's route table.
// Every route gets arbitrary path ids, query parameters and body fields (the fields each route
// validates are learnt from server/http/validate.ts's ROUTE_INPUTS, so a new route is covered
// without touching this file), as several identities. Every answer must be < 500 with the JSON
// error body, and a refused write must leave the business tables as they were (no row inserted, updated or deleted).
// FUZZ_RUNS sets the runs per route (200 by default; `npm run bench -- fuzz` runs a long mode).
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { issueTokens } from '../../server/auth/tokens.ts';
import { ROUTE_INPUTS } from '../../server/http/validate.ts';
import { ROUTES } from '../../server/routes/index.ts';
import { OAUTH_CLIENTS } from '../../src/lib/brand.ts';
import { DEMO_AGENT_PHONE, startTestServer, type TestServer } from '../setup/test-server.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let server: TestServer;
const IDENTITIES = ['admin@demo.test', 'broker@demo.test', 'lender@demo.test', 'csr@demo.test', DEMO_AGENT_PHONE];
let users: { who: string; id: number; clientId: string }[] = [];
/**
 * Fresh tokens for every identity, minted directly (a fuzzed logout or password change may have
 * revoked the last ones, and access tokens live 300 s).
 */
async function mintTokens(): Promise<Record<string, string | undefined>> {
  const tokens: Record<string, string | undefined> = { anonymous: undefined };
  for (const u of users)
    tokens[u.who] = (
      await issueTokens(server.db, { userId: u.id, clientId: u.clientId, stayLoggedIn: false, now: new Date() })
    ).access_token;
  return tokens;
}
beforeAll(async () => {
  server = await startTestServer();
  await installWriteCounter();
  users = await Promise.all(
    IDENTITIES.map(async (who) => {
      const row = await server.db
        .selectFrom('users')
        .select('id')
        .where(who.startsWith('+') ? 'phone' : 'email', '=', who)
        .executeTakeFirstOrThrow();
      return { who, id: row.id, clientId: who.startsWith('+') ? OAUTH_CLIENTS.agent : OAUTH_CLIENTS.console };
    }),
  );
  // Discovery: call every route once as each identity so each validates its input once.
  for (const r of ROUTES) {
    const tokens = await mintTokens();
    for (const token of Object.values(tokens))
      await send(
        r.method,
        fillPath(r.path, () => '1'),
        token,
        {},
        jsonOr(r),
        '{}',
      );
  }
  // The counter counts: the discovery pass's accepted writes moved it.
  expect(Number(await fingerprint())).toBeGreaterThan(0);
  if (process.env.FUZZ_DEBUG)
    console.log(
      [...ROUTE_INPUTS].map(([k, v]) => `${k} q=${[...v.query]} b=${[...v.body]} ${v.bodyKind ?? ''}`).join('\n'),
    );
}, 120_000);
afterAll(async () => {
  await server.close();
});

const jsonOr = (r: { method: string; path: string }) => ROUTE_INPUTS.get(`${r.method} ${r.path}`)?.bodyKind ?? 'json';
const fillPath = (path: string, value: (name: string) => string) =>
  path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => encodeURIComponent(value(name)));

async function send(
  method: string,
  path: string,
  token: string | undefined,
  query: Record<string, string>,
  kind: 'json' | 'form',
  body: string | Record<string, string> | undefined,
) {
  const qs = new URLSearchParams(query).toString();
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (method !== 'GET' && body !== undefined) {
    if (kind === 'form' && typeof body === 'object') {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body).toString();
    } else {
      headers['Content-Type'] = 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
  }
  return server.app.request(`${path}${qs ? `?${qs}` : ''}`, {
    method,
    headers,
    ...(payload !== undefined ? { body: payload } : {}),
  });
}

// Values at the edges: control characters, lone surrogates, very long strings, calendar edges,
// numbers at the edges of their types, wrong JSON types, deep nesting.
const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u0000abc',
  '\uD800',
  '\uDFFF',
  'a\uD800b',
  '\u202E',
  '\uFEFF',
  '%',
  '%00',
  '\\',
  "'",
  '"',
  '<script>',
  'x'.repeat(70_000),
  '0',
  '-1',
  '1.5',
  '1e400',
  'NaN',
  'Infinity',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999',
  '0000-01-01',
  '9999-12-31',
  '10000-01-01',
  '-000001-01-01',
  '2024-02-30',
  '2024-13-01',
  '275760-09-13T00:00:00.001Z',
  '1970-01-01T00:00:00Z',
  '2024-01-01T25:61:61Z',
  'true',
  'null',
  '[]',
  '{}',
  'ASC',
  ',DESC',
  'name,',
  'a,b,c',
  '*',
  '..',
  '../etc/passwd',
];
const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 300, maxLength: 2000 }) },
  {
    weight: 1,
    arbitrary: fc
      .date({ noInvalidDate: false })
      .map((d) => (Number.isNaN(d.getTime()) ? 'Invalid Date' : d.toISOString())),
  },
  { weight: 1, arbitrary: fc.integer().map(String) },
);
const EDGE_NUMBERS = [
  0,
  -1,
  1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  -0,
  1.5,
  1e308,
];
const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: [deep(depth - 1)] });
const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 2, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [1, 'a', null], deep(200)) },
  { weight: 1, arbitrary: fc.array(text, { maxLength: 30 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), text, { maxKeys: 4 }) },
);
const pathValue = fc.oneof(
  fc.constantFrom('0', '1', '2', '999999999', '2147483648', '99999999999999999999'),
  fc.nat({ max: 5000 }).map(String),
);
// Fields some routes read without the shared validators.
const EXTRA_QUERY = [
  'state',
  'code',
  'redirect_uri',
  'client_id',
  'response_type',
  'code_challenge',
  'code_challenge_method',
  'pageIndex',
  'pageSize',
  'sort',
];
const EXTRA_BODY = [
  'grant_type',
  'username',
  'password',
  'client_id',
  'refresh_token',
  'code',
  'code_verifier',
  'redirect_uri',
  'state',
  'phone',
  'otp',
  'otp_ref',
];

// Tables a refused request may write: throttling, sign-in failures, tokens and the audit log count refusals.
const MAY_WRITE = [
  'rate_limit_events',
  'sign_in_failures',
  'access_tokens',
  'refresh_tokens',
  'audit_log',
  'schema_migrations',
];
/**
 * Every row inserted, updated or deleted in a business table bumps one counter (a row-level
 * trigger per table, installed in this file's own copy of the database). A refused request must
 * leave it where it was: a rolled-back write rolls the counter back with it. One indexed read per
 * check, and stronger than row counts, which an UPDATE or an insert-and-delete leave unchanged.
 */
async function installWriteCounter(): Promise<void> {
  await sql`create table fuzz_writes (n bigint not null)`.execute(server.db);
  await sql`insert into fuzz_writes values (0)`.execute(server.db);
  await sql`create function fuzz_count_write() returns trigger language plpgsql as $$
    begin update fuzz_writes set n = n + 1; return null; end $$`.execute(server.db);
  const tables = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = 'public'
    and tablename <> 'fuzz_writes' and not (tablename = any(${MAY_WRITE})) order by tablename`.execute(server.db);
  for (const { tablename } of tables.rows) {
    await sql`create trigger fuzz_count_write after insert or update or delete on ${sql.table(tablename)}
      for each row execute function fuzz_count_write()`.execute(server.db);
  }
  expect(tables.rows.length).toBeGreaterThan(20);
}
async function fingerprint(): Promise<string> {
  const row = await sql<{ n: string }>`select n from fuzz_writes`.execute(server.db);
  return String(row.rows[0]!.n);
}

describe('no 5xx for any input', () => {
  for (const r of ROUTES) {
    it(`${r.method} ${r.path}`, async () => {
      const inputs = ROUTE_INPUTS.get(`${r.method} ${r.path}`);
      const queryKeys = [...new Set([...(inputs?.query ?? []), ...EXTRA_QUERY])];
      const bodyKeys = [...new Set([...(inputs?.body ?? []), ...EXTRA_BODY])];
      const kind = jsonOr(r);
      const tokens = await mintTokens();
      const request = fc.record({
        who: fc.constantFrom(...Object.keys(tokens)),
        ids: fc.array(pathValue, { minLength: 4, maxLength: 4 }),
        query: fc.dictionary(fc.constantFrom(...queryKeys), text, { maxKeys: 5 }),
        body: fc.oneof(
          {
            weight: 8,
            arbitrary:
              kind === 'form'
                ? fc.dictionary(fc.constantFrom(...bodyKeys), text, { maxKeys: 6 })
                : fc.dictionary(fc.constantFrom(...bodyKeys), jsonValue, { maxKeys: 6 }),
          },
          { weight: 1, arbitrary: fc.constantFrom('{"a":', 'null', '[]', '"x"', '1', '\u0000') },
        ),
      });
      const write = r.method !== 'GET';
      await fc.assert(
        fc.asyncProperty(request, async ({ who, ids, query, body }) => {
          let i = 0;
          const path = fillPath(r.path, () => ids[i++ % ids.length]!);
          const before = write ? await fingerprint() : '';
          const res = await send(r.method, path, tokens[who], query, kind, body as string | Record<string, string>);
          const textBody = await res.text();
          expect(res.status, `${r.method} ${path} as ${who}: ${textBody.slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400 && (res.headers.get('Content-Type') ?? '').includes('json')) {
            expect(JSON.parse(textBody)).toMatchObject({
              status: res.status,
              error: expect.any(String),
              message: expect.any(String),
            });
          }
          if (write && res.status >= 400)
            expect(await fingerprint(), `${r.method} ${path} as ${who} wrote before refusing`).toBe(before);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }, 600_000);
  }
});
