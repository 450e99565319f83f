import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { leadSearchKeys, leadSearchTotal } from '../../server/routes/interviews-api/iris-leads.ts';
import { startDashboardFixture } from '../setup/dashboard-fixture.ts';
import type { Caller, TestServer } from '../setup/test-server.ts';

// My Leads' search total read from the brokerage's search keys (migration 069, decision 0130): the
// total must be the search's rule (part of the lower-case name or email, or of the phone when the search
// has 3+ digits), written here in plain SQL apart from the API's query, for every kind of search.

let server: TestServer;
let broker: Caller;
let harbor = 0;

/** Leads whose texts test the keys' edges: letters past ASCII, a phone with letters, digits in an email, missing parts. */
const EDGE_LEADS: [first: string | null, last: string | null, email: string | null, phone: string | null][] = [
  ['Zoë', 'Ångström', 'zoe.angstrom@mail.example', '+15550177001'],
  ['José', 'Smithé', 'jsmithe@correo.example', '555-0199 ext 123'],
  ['Li', null, 'li.smi7@mail.example', null],
  [null, 'Osmith', null, '(555) 012-3456'],
  ['Ann', 'De La Cruz', 'ann_delacruz%1@mail.example', '+1 555 777 1234'],
];

beforeAll(async () => {
  const f = await startDashboardFixture(new Date());
  ({ server, broker } = f);
  harbor = f.ids.harbor;
  const model = await server.db
    .selectFrom('opportunities')
    .select('id')
    .where('brokerage_id', '=', harbor)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  for (const [i, [first, last, email, phone]] of EDGE_LEADS.entries())
    await sql`insert into opportunities (brokerage_id, agent_id, product, lead_type, type, status, contact_first, contact_last, contact_email, contact_phone, created_at, updated_at)
      select brokerage_id, agent_id, ${i % 2 === 0 ? 'PORCHLIGHT' : 'LEAD_GENIUS'}, lead_type, type, status, ${first}, ${last}, ${email}, ${phone}, created_at, updated_at
      from opportunities where id = ${model.id}`.execute(server.db);
});
afterAll(async () => {
  await server.close();
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The search's rule over the brokerage's leads, in plain SQL. */
async function ruleCount(q: string, products: string[], status?: string) {
  const like = `%${escapeLike(q.toLowerCase())}%`;
  const digits = q.replace(/\D/g, '');
  const phone = digits.length >= 3 ? sql`or contact_phone like ${`%${digits}%`}` : sql``;
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from opportunities
    where brokerage_id = ${harbor} and product in (${sql.join(products)})
      ${status ? sql`and status = ${status}` : sql``}
      and (lower(coalesce(contact_first, '') || ' ' || coalesce(contact_last, '')) like ${like}
           or lower(contact_email) like ${like} ${phone})`.execute(server.db);
  return rows[0]!.n;
}

const SEARCHES = [
  'smi',
  'SMI',
  'smith',
  'osmith',
  'jos',
  'josé',
  'zoë',
  'ström',
  'ext',
  '123',
  '555',
  '0199',
  '555-0199',
  '(555) 012',
  '+1 555 777',
  'n s',
  'a',
  'li',
  '.ex',
  'smi7',
  'l_d',
  '%1@',
  'la cruz',
  'mail.example',
  'nobody-matches-this',
];

describe('My Leads search: the total is the search rule', () => {
  it('for every kind of search, product and a status', async () => {
    const { status } = await server.db
      .selectFrom('opportunities')
      .select('status')
      .where('brokerage_id', '=', harbor)
      .groupBy('status')
      .orderBy(sql`count(*)`, 'desc')
      .executeTakeFirstOrThrow();
    const products = {
      COMBINED: ['PORCHLIGHT', 'LEAD_GENIUS'],
      LEAD_GENIUS: ['LEAD_GENIUS'],
      PORCHLIGHT: ['PORCHLIGHT'],
    };
    let matched = 0;
    for (const q of SEARCHES)
      for (const [product, list] of Object.entries(products))
        for (const s of [undefined, status]) {
          const url = `/interviews-api/broker-leads?brokerageId=${harbor}&product=${product}&pageSize=50&q=${encodeURIComponent(q)}${s ? `&status=${s}` : ''}`;
          const res = await broker.get<{ totalElements: number; content: unknown[] }>(url);
          expect(res.status, url).toBe(200);
          const expected = await ruleCount(q, list, s);
          expect(res.body.totalElements, url).toBe(expected);
          expect(res.body.content.length, url).toBe(Math.min(expected, 50));
          matched += expected;
        }
    expect(matched).toBeGreaterThan(0);
  });

  it('holds for every three-letter search the leads contain, where the keys alone give the total', async () => {
    const texts = await server.db
      .selectFrom('opportunities')
      .select(['contact_first', 'contact_last', 'contact_email', 'contact_phone'])
      .where('brokerage_id', '=', harbor)
      .execute();
    const grams = new Set<string>();
    for (const t of texts)
      for (const text of [
        `${t.contact_first ?? ''} ${t.contact_last ?? ''}`,
        t.contact_email ?? '',
        t.contact_phone ?? '',
      ])
        for (const run of text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
          for (let i = 0; i + 3 <= run.length; i++) grams.add(run.slice(i, i + 3));
    const searches = [...grams].sort();
    expect(searches.length).toBeGreaterThan(300);
    for (const q of searches)
      expect(leadSearchKeys(q, harbor, 'COMBINED'), q).toEqual({
        exact: true,
        alternatives: [[`${harbor}P${q}`], [`${harbor}L${q}`]],
      });
    // Each lead's keys once, then every search against them and against the rule.
    const { rows } = await sql<{ q: string; keyed: number; ruled: number }>`
      select q, count(*) filter (where o.keys && array[${harbor} || 'P' || q, ${harbor} || 'L' || q])::int as keyed,
        count(*) filter (where lower(coalesce(o.contact_first, '') || ' ' || coalesce(o.contact_last, '')) like '%' || q || '%'
          or lower(o.contact_email) like '%' || q || '%' or (q ~ '^[0-9]+$' and o.contact_phone like '%' || q || '%'))::int as ruled
      from (select *, lead_search_keys(brokerage_id, product, contact_first, contact_last, contact_email, contact_phone) as keys
            from opportunities where brokerage_id = ${harbor} offset 0) o
      cross join unnest(${searches}::text[]) q
      group by q`.execute(server.db);
    expect(rows.length).toBe(searches.length);
    for (const r of rows) expect(r.keyed, r.q).toBe(r.ruled);
    // Each search is a part of some lead's text, so each matches, but the letters of a phone: the
    // search reads a phone's digits only.
    expect(rows.filter((r) => r.ruled === 0).map((r) => r.q)).toEqual(['ext']);
  });

  it('reads a search total from the brokerage keys, and a search without their trigrams from its rule', async () => {
    const plan = (q: string) =>
      server.db.transaction().execute(async (trx) => {
        // The demo's few leads are read by any index of the brokerage: asked without the brokerage
        // and with no sequential scan, the plan shows whether the keys' index serves the search.
        await sql`set local enable_seqscan = off`.execute(trx);
        const query = leadSearchTotal(
          trx.selectFrom('opportunities'),
          leadSearchKeys(q, harbor, 'COMBINED'),
          q,
        ).compile();
        const { rows } = await trx.executeQuery<Record<string, string>>(
          CompiledQuery.raw(`explain (verbose) ${query.sql}`, [...query.parameters]),
        );
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
    for (const q of ['smi', 'smith', 'josé', '5550'])
      expect(await plan(q), q).toContain('opportunities_search_keys_idx');
    expect(await plan('smi'), 'three letters: the keys alone').not.toMatch(/~~/);
    expect(await plan('smith'), 'longer: the rows checked by the rule').toMatch(/~~/);
    expect(await plan('zoë')).not.toContain('opportunities_search_keys_idx');

    expect(leadSearchKeys('smith', harbor, 'COMBINED')?.exact).toBe(false);
    expect(leadSearchKeys('zoë', harbor, 'COMBINED')).toBeNull();
    expect(leadSearchKeys('n s', harbor, 'COMBINED')).toBeNull();
    expect(leadSearchKeys('josé', harbor, 'LEAD_GENIUS')?.alternatives).toEqual([[`${harbor}Ljos`]]);
    expect(leadSearchKeys('a 5550', harbor, 'COMBINED')?.alternatives).toEqual([
      [`${harbor}P555`, `${harbor}P550`],
      [`${harbor}L555`, `${harbor}L550`],
    ]);
    expect(leadSearchKeys('sm 123', harbor, 'PORCHLIGHT')?.alternatives).toEqual([[`${harbor}P123`]]);
  });
});
