import { sql, type RawBuilder } from 'kysely';
import * as v from 'valibot';

import { BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import {
  BROKER_REFERRAL_SORT_KEYS,
  BrokerReferralFilterEntries,
  NewReferralNote,
  type BrokerReferral,
  type BrokerReferralDetail,
  type BrokerReferralPage,
} from '../../../src/contract/broker-referrals.ts';
import { REFERRAL_STAGES, type ReferralStage, type ReferralType } from '../../../src/lib/referral-stages.ts';
import type { Db } from '../../db/database.ts';
import { daysSinceSql, overduePredicate } from '../../db/overdue.ts';
import { referralAudience } from '../../events/audience.ts';
import { recordEvent } from '../../events/outbox.ts';
import { brokerageFromQuery, productsOf, sortParam } from '../../http/brokerage-scope.ts';
import { forbidden } from '../../http/errors.ts';
import { assertBrokerage, missing } from '../../http/ownership.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { Id, IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';
import { stepOf } from './brokerage-figures.ts';
import { idleOverdueSql, overdueSql, saleOverdueSql } from './overdue-sql.ts';
import { personName } from './referral-data.ts';

// My Referrals: a brokerage's referrals with the overview's link filters, so that the
// number a widget shows is the total of the list it links to (tests/api/my-referrals.test.ts).
// Policy: brokerage admins (their own brokerage) and staff (any, or the one they impersonate).

const ListQuery = v.object({
  brokerageId: v.optional(Id),
  agentId: v.optional(Id),
  ...BrokerReferralFilterEntries,
  ...Paging,
  sort: sortParam(BROKER_REFERRAL_SORT_KEYS, 'updated,DESC'),
});
export type BrokerReferralQuery = v.InferOutput<typeof ListQuery>;

/**
 * The stages a funnel link means. With a type, the seller and buyer funnels are cumulative (a
 * referral counts at every step up to where it stands, dashboard-figures.ts funnel()): the stage's
 * step or any later one; the first step is every referral of the type; the side exits are exact.
 * Without a type, the overall funnel counts referrals in the stage now, Closed with Leased.
 */
export function stagesOf(s: ReferralStage, t: ReferralType | undefined): ReferralStage[] {
  if (!t) return s === 'CLOSED' ? ['CLOSED', 'LEASED'] : [s];
  if (s === 'LONG_TERM_HOLD' || s === 'REMOVED') return [s];
  const step = stepOf(t, s);
  if (step <= 0) return [...REFERRAL_STAGES];
  return REFERRAL_STAGES.filter((x) => stepOf(t, x) >= step);
}

const CATEGORY_STAGES: Record<string, readonly ReferralStage[] | undefined> = {
  all: undefined,
  active: REFERRAL_STAGES.filter((s) => !['CLOSED', 'LEASED', 'REMOVED'].includes(s)),
  closed: ['CLOSED', 'LEASED'],
  removed: ['REMOVED'],
};

const stageList = (stages: readonly string[]) => sql.join(stages.map((s) => sql.lit(s)));

/** Escapes LIKE's wildcards in a search text: `%text%`, lower case. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** "first last" in lower case: the text of migration 013's trigram index (a space-joined pair, as the list shows it). */
const prospectText = sql`lower(coalesce(r.prospect_first, '') || ' ' || coalesce(r.prospect_last, ''))`;

/**
 * The list's filters but the follow-up type, in two groups: those on the columns referral_stage_counts
 * keeps (product, stage, type), and those only the rows can answer (agent, search). The rows' WHERE
 * and the kept total are both built from this one description, so a filter cannot reach one and not
 * the other.
 */
interface Filters {
  kept: {
    product?: string;
    /** Each set narrows: the stage is in every one (the category's and the funnel link's). */
    stageSets: (readonly ReferralStage[])[];
    type?: ReferralType;
  };
  rowsOnly: { agentId?: number; search?: string };
}

function filtersOf(q: BrokerReferralQuery): Filters {
  const products = productsOf(q.product ?? 'COMBINED');
  const category = CATEGORY_STAGES[q.category ?? 'all'];
  return {
    kept: {
      product: products.length === 1 ? products[0] : undefined,
      stageSets: [...(category ? [category] : []), ...(q.s ? [stagesOf(q.s, q.t)] : [])],
      type: q.t,
    },
    rowsOnly: { agentId: q.agentId, search: q.q || undefined },
  };
}

/** The kept filters over the columns `column(name)` names: the referrals' own or the kept table's. */
function keptParts(f: Filters['kept'], column: (name: string) => RawBuilder<unknown>): RawBuilder<unknown>[] {
  const parts: RawBuilder<unknown>[] = [];
  if (f.product) parts.push(sql`${column('product')} = ${f.product}`);
  for (const stages of f.stageSets) parts.push(sql`${column('stage')} in (${stageList(stages)})`);
  if (f.type) parts.push(sql`${column('type')} = ${f.type}`);
  return parts;
}

/** The WHERE of the list over referrals aliased r, every filter but the follow-up type. */
function baseWhereOf(brokerageId: number, q: BrokerReferralQuery): RawBuilder<unknown>[] {
  const { kept, rowsOnly } = filtersOf(q);
  const parts: RawBuilder<unknown>[] = [
    sql`r.brokerage_id = ${brokerageId}`,
    ...keptParts(kept, (name) => sql.ref(`r.${name}`)),
  ];
  if (rowsOnly.agentId !== undefined) parts.push(sql`r.agent_id = ${rowsOnly.agentId}`);
  if (rowsOnly.search) parts.push(sql`${prospectText} like ${containsPattern(rowsOnly.search)}`);
  return parts;
}

const and = (parts: RawBuilder<unknown>[]) => sql<boolean>`${sql.join(parts, sql` and `)}`;

async function countWhere(db: Db, parts: RawBuilder<unknown>[]): Promise<number> {
  return (
    await db
      .selectFrom('referrals as r')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(and(parts))
      .executeTakeFirstOrThrow()
  ).n;
}

/** Overdue referrals among those matching `parts`: one count per branch, each over its index. */
async function countOverdue(db: Db, parts: RawBuilder<unknown>[], now: Date): Promise<number> {
  const [idle, sale] = await Promise.all([
    countWhere(db, [...parts, idleOverdueSql('r', now)]),
    countWhere(db, [...parts, saleOverdueSql('r', now)]),
  ]);
  return idle + sale;
}

/**
 * The list's total from the counts kept per brokerage, product, type and stage (referral_stage_counts,
 * migration 061, decision 0123), when its filters are only those: a sum of a few dozen rows, not a
 * count of up to 400,000 referrals. Undefined when an agent, a search or a follow-up type narrows it.
 */
async function keptTotal(db: Db, brokerageId: number, q: BrokerReferralQuery): Promise<number | undefined> {
  const { kept, rowsOnly } = filtersOf(q);
  if (q.followupType || Object.values(rowsOnly).some((x) => x !== undefined)) return undefined;
  const where = and([sql`brokerage_id = ${brokerageId}`, ...keptParts(kept, (name) => sql.ref(name))]);
  return (
    await db
      .selectFrom('referral_stage_counts')
      .select(sql<number>`coalesce(sum(n), 0)::int`.as('n'))
      .where(where)
      .executeTakeFirstOrThrow()
  ).n;
}

function orderOf(sort: BrokerReferralQuery['sort']): RawBuilder<unknown> {
  const dir = sql.raw(sort.direction);
  const by: Record<Exclude<(typeof BROKER_REFERRAL_SORT_KEYS)[number], 'overdue'>, RawBuilder<unknown>> = {
    updated: sql`r.updated_at ${dir}`,
    prospect: sql`lower(r.prospect_last) ${dir} nulls last, lower(r.prospect_first) ${dir} nulls last`,
    type: sql`r.type ${dir}`,
    stage: sql`r.stage ${dir}`,
    agent: sql`lower(a.last_name) ${dir} nulls last, lower(a.first_name) ${dir} nulls last`,
  };
  return sql`${by[sort.key as keyof typeof by]}, r.id ${dir}`;
}

const selectRows = (db: Db, now: Date) =>
  db
    .selectFrom('referrals as r')
    .innerJoin('agents as a', 'a.id', 'r.agent_id')
    .select([
      'r.id',
      'r.agent_id',
      'r.product',
      'r.type',
      'r.stage',
      'r.prospect_first',
      'r.prospect_last',
      'r.prospect_phone',
      'r.prospect_email',
      'r.price_cents',
      'r.date_of_sale',
      'r.sale_price_cents',
      'r.removal_reason',
      'r.created_at',
      'r.updated_at',
      'a.first_name as agent_first',
      'a.last_name as agent_last',
      sql<boolean>`${overduePredicate('r', now)}`.as('overdue'),
      sql<number>`case when ${overduePredicate('r', now)} then greatest(${daysSinceSql('r', now)}, 0) else 0 end`.as(
        'days_overdue',
      ),
    ]);
type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['executeTakeFirstOrThrow']>>;

const toView = (r: Row): BrokerReferral => ({
  id: r.id,
  agentId: r.agent_id,
  agentName: personName(r.agent_first, r.agent_last),
  product: r.product,
  type: r.type as ReferralType,
  stage: r.stage as ReferralStage,
  prospect: { name: { first: r.prospect_first, last: r.prospect_last } },
  created: r.created_at.toISOString(),
  updated: r.updated_at.toISOString(),
  overdue: r.overdue,
  daysOverdue: r.days_overdue,
});

interface Slice {
  offset: number;
  limit: number;
}

/**
 * Ids of overdue referrals matching `parts`, most overdue first (`asc`) or last, by the time each became
 * due to count from (last update, or date of sale when under contract), then id: each branch reads its
 * index in order up to the slice's end, and the two short lists are merged.
 */
async function overdueIds(
  db: Db,
  parts: RawBuilder<unknown>[],
  now: Date,
  dir: 'asc' | 'desc',
  { offset, limit }: Slice,
): Promise<number[]> {
  if (limit <= 0) return [];
  const d = sql.raw(dir);
  const end = offset + limit;
  const rows = await sql<{ id: number }>`select x.id from (
      (select r.id, r.updated_at as since from referrals r where ${and([...parts, idleOverdueSql('r', now)])}
        order by r.updated_at ${d}, r.id ${d} limit ${end})
      union all
      (select r.id, r.date_of_sale::timestamptz as since from referrals r where ${and([...parts, saleOverdueSql('r', now)])}
        order by r.date_of_sale ${d}, r.id ${d} limit ${end})
    ) x order by x.since ${d}, x.id ${d} offset ${offset} limit ${limit}`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** Ids of referrals matching `parts` that are not overdue, by last update. */
async function upToDateIds(
  db: Db,
  parts: RawBuilder<unknown>[],
  now: Date,
  dir: 'asc' | 'desc',
  { offset, limit }: Slice,
): Promise<number[]> {
  if (limit <= 0) return [];
  const d = sql.raw(dir);
  const rows = await db
    .selectFrom('referrals as r')
    .select('r.id')
    .where(and([...parts, sql`not (${overdueSql('r', now)})`]))
    .orderBy(sql`r.updated_at ${d}, r.id ${d}`)
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The overdue sort: descending is overdue referrals, most days first, then the others, latest update first;
 * ascending is the reverse. The page is cut from the two ordered parts, knowing how many are overdue.
 */
async function idsByOverdue(
  db: Db,
  parts: RawBuilder<unknown>[],
  now: Date,
  desc: boolean,
  page: Slice,
): Promise<number[]> {
  if (desc) {
    const overdue = await countOverdue(db, parts, now);
    return cut(
      overdue,
      (s) => overdueIds(db, parts, now, 'asc', s),
      (s) => upToDateIds(db, parts, now, 'desc', s),
      page,
    );
  }
  const upToDate = await countWhere(db, [...parts, sql`not (${overdueSql('r', now)})`]);
  return cut(
    upToDate,
    (s) => upToDateIds(db, parts, now, 'asc', s),
    (s) => overdueIds(db, parts, now, 'desc', s),
    page,
  );
}

async function cut(
  firstCount: number,
  first: (s: Slice) => Promise<number[]>,
  second: (s: Slice) => Promise<number[]>,
  { offset, limit }: Slice,
) {
  const end = offset + limit;
  const a = await first({ offset, limit: Math.min(end, firstCount) - offset });
  const b = await second({ offset: Math.max(0, offset - firstCount), limit: end - Math.max(offset, firstCount) });
  return [...a, ...b];
}

export async function listBrokerReferrals(
  db: Db,
  brokerageId: number,
  q: BrokerReferralQuery,
  now: Date,
): Promise<BrokerReferralPage> {
  const parts = baseWhereOf(brokerageId, q);
  const page = { offset: q.pageIndex * q.pageSize, limit: q.pageSize };
  const overdueOnly = q.followupType === 'OVERDUE';
  const upToDateOnly = q.followupType === 'UP_TO_DATE';
  const filtered = overdueOnly
    ? [...parts, overdueSql('r', now)]
    : upToDateOnly
      ? [...parts, sql`not (${overdueSql('r', now)})`]
      : parts;
  const total = overdueOnly
    ? await countOverdue(db, parts, now)
    : ((await keptTotal(db, brokerageId, q)) ?? (await countWhere(db, filtered)));
  let rows: Row[];
  if (q.sort.key === 'overdue' && !upToDateOnly) {
    // Up to date only: every row has 0 days overdue, and the overdue sort is the sort by last update (below).
    const desc = q.sort.direction === 'desc';
    const ids = overdueOnly
      ? await overdueIds(db, parts, now, desc ? 'asc' : 'desc', page)
      : await idsByOverdue(db, parts, now, desc, page);
    const byId = new Map(
      ids.length === 0 ? [] : (await selectRows(db, now).where('r.id', 'in', ids).execute()).map((r) => [r.id, r]),
    );
    rows = ids.flatMap((id) => byId.get(id) ?? []);
  } else {
    const sort = q.sort.key === 'overdue' ? { key: 'updated' as const, direction: q.sort.direction } : q.sort;
    rows = await selectRows(db, now)
      .where(and(filtered))
      .orderBy(orderOf(sort))
      .offset(page.offset)
      .limit(page.limit)
      .execute();
  }
  return { content: rows.map(toView), totalElements: total };
}

/** The referral after checking the caller may read its brokerage (another brokerage's is 403, as for agents). */
async function readableReferral(c: AppContext, id: number): Promise<{ brokerageId: number }> {
  const ref = await c.get('db').selectFrom('referrals').select('brokerage_id').where('id', '=', id).executeTakeFirst();
  if (!ref) throw missing(c.get('auth').user, 'referral', 'brokerage');
  assertBrokerage(c.get('auth').user, ref.brokerage_id);
  return { brokerageId: ref.brokerage_id };
}

const HISTORY = 200; // a referral's events and notes shown at once

async function referralDetail(db: Db, id: number, now: Date): Promise<BrokerReferralDetail> {
  const [r, events, notes] = await Promise.all([
    selectRows(db, now).where('r.id', '=', id).executeTakeFirstOrThrow(),
    db
      .selectFrom('referral_events as e')
      .leftJoin('users as u', 'u.id', 'e.actor_user_id')
      .select([
        'e.id',
        'e.type',
        'e.from_stage',
        'e.to_stage',
        'e.detail',
        'e.created_at',
        'u.first_name',
        'u.last_name',
      ])
      .where('e.referral_id', '=', id)
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(HISTORY)
      .execute(),
    db
      .selectFrom('referral_notes as n')
      .leftJoin('users as u', 'u.id', 'n.author_user_id')
      .select(['n.id', 'n.body', 'n.created_at', 'u.first_name', 'u.last_name'])
      .where('n.referral_id', '=', id)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(HISTORY)
      .execute(),
  ]);
  return {
    ...toView(r),
    phone: r.prospect_phone,
    email: r.prospect_email,
    priceCents: r.price_cents,
    details: { referralSale: { dateOfSale: r.date_of_sale, salePriceCents: r.sale_price_cents } },
    removalReason: r.removal_reason,
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      fromStage: e.from_stage,
      toStage: e.to_stage,
      detail: e.detail,
      created: e.created_at.toISOString(),
      actorName: personName(e.first_name, e.last_name),
    })),
    notes: notes.map((n) => ({
      id: n.id,
      text: n.body,
      created: n.created_at.toISOString(),
      authorName: personName(n.first_name, n.last_name),
    })),
  };
}

export const brokerReferralRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/agents-api/broker-referrals',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const q = query(c, ListQuery);
      const brokerage = await brokerageFromQuery(c, q.brokerageId);
      if (q.agentId !== undefined) {
        const agent = await c
          .get('db')
          .selectFrom('agents')
          .select('brokerage_id')
          .where('id', '=', q.agentId)
          .executeTakeFirst();
        if (agent?.brokerage_id !== brokerage.id) throw forbidden('That agent is not of this brokerage');
      }
      return c.json(await listBrokerReferrals(c.get('db'), brokerage.id, q, c.get('now')()));
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/broker-referrals/:id{[0-9]+}',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      await readableReferral(c, id);
      return c.json(await referralDetail(c.get('db'), id, c.get('now')()));
    },
  }),
  route({
    method: 'POST',
    path: '/agents-api/broker-referrals/:id{[0-9]+}/notes',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      await readableReferral(c, id);
      const { text } = await jsonBody(c, NewReferralNote);
      await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const note = await trx
            .insertInto('referral_notes')
            .values({ referral_id: id, author_user_id: c.get('auth').user.id, body: text, created_at: c.get('now')() })
            .returning('id')
            .executeTakeFirstOrThrow();
          const ref = await trx
            .selectFrom('referrals')
            .select(['agent_id', 'brokerage_id'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          await recordEvent(trx, {
            type: 'REFERRAL_NOTE_ADDED',
            payload: { referralId: id, agentId: ref.agent_id, brokerageId: ref.brokerage_id, noteId: note.id },
            audience: referralAudience(ref.brokerage_id, ref.agent_id),
          });
        });
      return c.json(await referralDetail(c.get('db'), id, c.get('now')()), 201);
    },
  }),
];
