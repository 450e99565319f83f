import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  ContentAudience,
  ContentItem,
  ContentMatchResult,
  ContentUsage,
  ContentVersion,
  UsageType,
} from '../../src/contract/content-items.ts';
import { matchContent, type MatchCandidate } from '../../src/lib/content-match.ts';
import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

type Page<T> = { content: T[]; totalElements: number };
const BASE = '/interviews-api/content-items';
const SIM = 'usage=NEW_LEAD_INTRO&product=LEAD_GENIUS&clientType=BUYER&state=ME';

let server: TestServer;
let admin: Caller;
let manager: Caller;
let supervisor: Caller;
let engagement: Caller;
let qa: Caller;
let broker: Caller;

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, supervisor, engagement, qa, broker] = (await Promise.all(
    [
      'admin@demo.test',
      'manager@demo.test',
      'supervisor@demo.test',
      'engagement@demo.test',
      'qa@demo.test',
      'broker@demo.test',
    ].map((e) => signIn(server, e)),
  )) as [Caller, Caller, Caller, Caller, Caller, Caller];
});
afterAll(async () => {
  await server.close();
});

const itemNamed = async (name: string) =>
  (await admin.get<Page<ContentItem>>(`${BASE}?text=${encodeURIComponent(name)}&pageSize=50`)).body.content.find(
    (i) => i.name === name,
  )!;

describe('lookups (page size 200)', () => {
  it('answers usage types with counts from the rows, usages filtered by type, and audiences', async () => {
    const types = (await admin.get<UsageType[]>(`${BASE}/usageTypes`)).body;
    const sms = types.find((t) => t.name === 'SMS_TEMPLATE')!;
    const n = Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from content_items i join content_usages u on u.id = i.usage_id where u.usage_type = 'SMS_TEMPLATE'`.execute(
          server.db,
        )
      ).rows[0]!.n,
    );
    expect(sms.itemCount).toBe(n);
    const usages = (await admin.get<Page<ContentUsage>>(`${BASE}/usages?usageType=CALL_SCRIPT`)).body;
    expect(usages.content.every((u) => u.usageType === 'CALL_SCRIPT')).toBe(true);
    expect(usages.totalElements).toBe(2);
    const audiences = (await admin.get<Page<ContentAudience>>(`${BASE}/audiences`)).body;
    expect(audiences.content.find((a) => a.name === 'Maine buyers')).toMatchObject({
      state: 'ME',
      clientType: 'BUYER',
      product: null,
    });
    expect((await admin.get(`${BASE}/usages?usageType=FAX`)).status).toBe(400);
    expect((await admin.get(`${BASE}/audiences?pageSize=5000`)).status).toBe(400);
  });
});

describe('search', () => {
  it('filters by usage type, usage, audience and text, counted by SQL', async () => {
    const res = (await admin.get<Page<ContentItem>>(`${BASE}?usageType=EMAIL_TEMPLATE&pageSize=100`)).body;
    expect(res.content.every((i) => i.usage.usageType === 'EMAIL_TEMPLATE')).toBe(true);
    const n = Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from content_items i join content_usages u on u.id = i.usage_id where u.usage_type = 'EMAIL_TEMPLATE'`.execute(
          server.db,
        )
      ).rows[0]!.n,
    );
    expect(res.totalElements).toBe(n);
    const text = (await admin.get<Page<ContentItem>>(`${BASE}?text=pre-approved`)).body;
    expect(text.content.map((i) => i.name)).toEqual(['Qualification script']);
    const maine = await itemNamed('Maine buyer intro');
    const byAudience = (await admin.get<Page<ContentItem>>(`${BASE}?audienceId=${maine.audience!.id}`)).body;
    expect(byAudience.content.map((i) => i.name)).toEqual(['Maine buyer intro']);
    expect((await admin.get(`${BASE}?sort=body,ASC`)).status).toBe(400);
  });

  it('pages and totals a usage type with a text search as the rows give them (the type read as its usages)', async () => {
    const usages = await server.db.selectFrom('content_usages').select(['id', 'usage_type']).orderBy('id').execute();
    /** The page and total of a filter by SQL over the rows, in the list's order (name or updated, then id). */
    const fromRows = async (usageType: string, text: string, usageId: number | null, sort: 'name' | 'updated') => {
      const pattern = `%${text.toLowerCase()}%`;
      const where = sql`u.usage_type = ${usageType} and (${usageId}::int is null or i.usage_id = ${usageId})
        and (${text} = '' or lower(i.name) like ${pattern} or lower(i.body) like ${pattern})`;
      const order = sort === 'name' ? sql`i.name asc, i.id` : sql`i.updated_at desc, i.id`;
      const ids = await sql<{ id: number }>`select i.id from content_items i join content_usages u on u.id = i.usage_id
        where ${where} order by ${order} limit 3 offset 3`.execute(server.db);
      const n = await sql<{
        n: number;
      }>`select count(*)::int as n from content_items i join content_usages u on u.id = i.usage_id
        where ${where}`.execute(server.db);
      return { ids: ids.rows.map((r) => r.id), total: n.rows[0]!.n };
    };
    const expectAll = async () => {
      for (const usageType of ['SMS_TEMPLATE', 'EMAIL_TEMPLATE', 'CALL_SCRIPT'])
        for (const text of ['', 'e', 'you', 'no such words'])
          for (const usageId of [null, usages[0]!.id])
            for (const sort of ['name', 'updated'] as const) {
              const query = new URLSearchParams({
                usageType,
                pageIndex: '1',
                pageSize: '3',
                sort: `${sort},${sort === 'name' ? 'ASC' : 'DESC'}`,
              });
              if (text) query.set('text', text);
              if (usageId !== null) query.set('usageId', String(usageId));
              const res = await admin.get<Page<ContentItem>>(`${BASE}?${query}`);
              expect(res.status).toBe(200);
              expect({ ids: res.body.content.map((i) => i.id), total: res.body.totalElements }, String(query)).toEqual(
                await fromRows(usageType, text, usageId, sort),
              );
            }
    };
    await expectAll();
    // A type no usage has answers an empty page: its usages are moved to another type for the check.
    const scripts = usages.filter((u) => u.usage_type === 'CALL_SCRIPT').map((u) => u.id);
    expect(scripts.length).toBeGreaterThan(0);
    await server.db
      .updateTable('content_usages')
      .set({ usage_type: 'SMS_TEMPLATE' })
      .where('id', 'in', scripts)
      .execute();
    try {
      await expectAll();
    } finally {
      await server.db
        .updateTable('content_usages')
        .set({ usage_type: 'CALL_SCRIPT' })
        .where('id', 'in', scripts)
        .execute();
    }
  }, 60_000);

  it('totals each filter from the kept counts as the rows count it, after items are added, moved and deleted', async () => {
    const usages = await server.db.selectFrom('content_usages').select(['id', 'usage_type']).orderBy('id').execute();
    const audiences = await server.db.selectFrom('content_audiences').select('id').orderBy('id').execute();
    const fromRows = async (f: { usageType?: string; usageId?: number; audienceId?: number }) =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from content_items i join content_usages u on u.id = i.usage_id
        where (${f.usageType ?? null}::text is null or u.usage_type = ${f.usageType ?? null})
          and (${f.usageId ?? null}::int is null or i.usage_id = ${f.usageId ?? null})
          and (${f.audienceId ?? null}::int is null or i.audience_id = ${f.audienceId ?? null})`.execute(server.db)
      ).rows[0]!.n;
    const filters = [
      {},
      ...[...new Set(usages.map((u) => u.usage_type))].map((usageType) => ({ usageType })),
      ...usages.slice(0, 4).map((u) => ({ usageId: u.id })),
      ...audiences.slice(0, 3).map((a) => ({ audienceId: a.id })),
      { usageType: usages[0]!.usage_type, audienceId: audiences[0]!.id },
      { audienceId: 0 },
    ];
    const expectTotals = async () => {
      for (const f of filters) {
        const query = new URLSearchParams({
          pageSize: '1',
          ...Object.fromEntries(Object.entries(f).map(([k, x]) => [k, String(x)])),
        });
        const res = await admin.get<Page<ContentItem>>(`${BASE}?${query}`);
        expect(res.status).toBe(200);
        expect(res.body.totalElements, String(query)).toBe(await fromRows(f));
      }
    };
    await expectTotals();
    // Items of this test only: the later tests match against the seeded ones.
    const added = await server.db
      .insertInto('content_items')
      .values([
        { usage_id: usages[1]!.id, name: 'Counted item', body: 'Hello', audience_id: audiences[0]!.id },
        { usage_id: usages[2]!.id, name: 'Counted item 2', body: 'Hello', audience_id: null },
      ])
      .returning('id')
      .execute();
    await expectTotals();
    await server.db
      .updateTable('content_items')
      .set({ usage_id: usages[3]!.id, audience_id: audiences[1]!.id })
      .where('id', '=', added[0]!.id)
      .execute();
    await server.db.deleteFrom('content_items').where('id', '=', added[1]!.id).execute();
    await expectTotals();
    await server.db.deleteFrom('content_items').where('id', '=', added[0]!.id).execute();
  }, 60_000);
});

describe('matching reads only the items that could match', () => {
  it('answers, for every usage and mix of attributes, what matchContent answers over all its items', async () => {
    const usages = (await server.db.selectFrom('content_usages').select(['id', 'name']).orderBy('id').execute()).slice(
      0,
      6,
    );
    const rows = await server.db
      .selectFrom('content_items as i')
      .leftJoin('content_audiences as a', 'a.id', 'i.audience_id')
      .select([
        'i.id',
        'i.usage_id',
        'i.name',
        'i.priority',
        'i.active',
        'i.current_version',
        'a.id as aid',
        'a.name as aname',
        'a.product',
        'a.lead_type',
        'a.client_type',
        'a.state',
      ])
      .execute();
    const attributeSets: Record<string, string>[] = [
      {},
      { product: 'LEAD_GENIUS', clientType: 'BUYER', state: 'ME' },
      { product: 'PORCHLIGHT', leadType: 'NEW' },
      { state: 'ID' },
      { product: 'LEAD_GENIUS', leadType: 'AGED', clientType: 'SELLER', state: 'TX' },
    ];
    let matched = 0;
    for (const usage of usages) {
      const items = rows
        .filter((r) => r.usage_id === usage.id)
        .map((r): MatchCandidate => ({
          id: r.id,
          name: r.name,
          priority: r.priority,
          active: r.active,
          version: r.current_version,
          audience:
            r.aid === null
              ? null
              : {
                  id: r.aid,
                  name: r.aname ?? '',
                  product: r.product,
                  leadType: r.lead_type,
                  clientType: r.client_type,
                  state: r.state,
                },
        }));
      for (const attrs of attributeSets) {
        const search = new URLSearchParams({ usage: usage.name, ...attrs });
        const res = await admin.get<ContentMatchResult>(`${BASE}/all-match?${search.toString()}`);
        expect(res.status).toBe(200);
        const expected = matchContent(items, attrs);
        expect(res.body, `${usage.name} ${search.toString()}`).toEqual(expected);
        matched += expected.matches.length;
      }
    }
    expect(matched).toBeGreaterThan(5);
  });
});

describe('matching, edit, history and restore', () => {
  it('best-match and all-match answer the same ranking with the rule that matched', async () => {
    const all = (await manager.get<ContentMatchResult>(`${BASE}/all-match?${SIM}`)).body;
    expect(all.matches.map((m) => m.name)).toEqual(['Buyer intro (LeadGenius)', 'Maine buyer intro', 'Default intro']);
    expect(all.matches[0]!.rule).toBe('LeadGenius buyers: Product = LEAD_GENIUS and Client type = BUYER');
    expect(all.why).toMatch(/priority 10 against 5/);
    const best = (await supervisor.get<ContentMatchResult>(`${BASE}/best-match?${SIM}`)).body;
    expect(best.best).toEqual(all.best);
    expect((await admin.get(`${BASE}/best-match?usage=NOPE`)).status).toBe(404);
    expect((await admin.get(`${BASE}/best-match?usage=NEW_LEAD_INTRO&state=maine`)).status).toBe(400);
  });

  it('PATCH saves a new version that changes the best match; restoring the old version changes it back', async () => {
    const maine = await itemNamed('Maine buyer intro');
    const edited = await engagement.patch<ContentItem>(`${BASE}/${maine.id}`, { priority: 20, note: 'Maine first' });
    expect(edited.status).toBe(200);
    expect(edited.body.version).toBe(maine.version + 1);
    expect((await admin.get<ContentMatchResult>(`${BASE}/best-match?${SIM}`)).body.best?.name).toBe(
      'Maine buyer intro',
    );
    const history = (await admin.get<Page<ContentVersion>>(`${BASE}/${maine.id}/history`)).body;
    expect(history.content.map((v) => v.version)).toEqual([
      maine.version + 1,
      ...Array.from({ length: maine.version }, (_, i) => maine.version - i),
    ]);
    const eng = await server.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('email', '=', 'engagement@demo.test')
      .executeTakeFirstOrThrow();
    expect(history.content[0]).toMatchObject({
      priority: 20,
      note: 'Maine first',
      author: `${eng.first_name} ${eng.last_name}`,
    });
    const restored = await admin.patch<ContentItem>(`${BASE}/${maine.id}`, { restoreVersion: maine.version });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ version: maine.version + 2, priority: maine.priority, body: maine.body });
    expect((await admin.get<ContentMatchResult>(`${BASE}/best-match?${SIM}`)).body.best?.name).toBe(
      'Buyer intro (LeadGenius)',
    );
    const after = (await admin.get<Page<ContentVersion>>(`${BASE}/${maine.id}/history`)).body.content[0]!;
    expect(after.restoredFrom).toBe(maine.version);
  });

  it('refuses bad input with 400 and writes no version', async () => {
    const item = await itemNamed('Welcome');
    const versions = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from content_item_versions where item_id = ${item.id}`.execute(server.db)
        ).rows[0]!.n,
      );
    const before = await versions();
    for (const body of [
      { priority: 'high' },
      { body: '' },
      { audienceId: 999999 },
      { restoreVersion: 99 },
      { priority: 5000 },
      {},
      { name: item.name },
    ]) {
      const res = await admin.patch(`${BASE}/${item.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await versions()).toBe(before);
    expect((await admin.patch(`${BASE}/999999`, { priority: 1 })).status).toBe(404);
  });
});

describe('roles (spec 1 section 6: ADMIN, MANAGER, CSR_SUPERVISOR, AGENT_ENGAGEMENT)', () => {
  it('admits the four list roles and refuses QA and brokerage admins on every call', async () => {
    const item = await itemNamed('Welcome');
    const paths = [
      BASE,
      `${BASE}/${item.id}`,
      `${BASE}/${item.id}/history`,
      `${BASE}/usageTypes`,
      `${BASE}/usages`,
      `${BASE}/audiences`,
      `${BASE}/best-match?${SIM}`,
      `${BASE}/all-match?${SIM}`,
    ];
    for (const p of paths) {
      for (const who of [admin, manager, supervisor, engagement]) expect((await who.get(p)).status, p).toBe(200);
      for (const who of [qa, broker]) expect((await who.get(p)).status, p).toBe(403);
    }
    expect((await broker.patch(`${BASE}/${item.id}`, { priority: 3 })).status).toBe(403);
    expect((await qa.patch(`${BASE}/${item.id}`, { priority: 3 })).status).toBe(403);
  });
});
