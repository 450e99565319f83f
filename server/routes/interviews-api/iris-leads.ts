import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import * as v from 'valibot';

import { BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import { type Product } from '../../../src/contract/brokerages.ts';
import type { Page } from '../../../src/contract/common.ts';
import { LeadType, OPPORTUNITY_STATUSES, type BrokerLead, type LeadDetail } from '../../../src/contract/interviews.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { brokerageFromQuery, ProductParam, productsOf, sortParam } from '../../http/brokerage-scope.ts';
import { notFound } from '../../http/errors.ts';
import { assertBrokerage, missing } from '../../http/ownership.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { Id, Paging, params, query } from '../../http/validate.ts';
import { displayName } from '../agents-api/agents.ts';
import { cleanWebsite } from '../agents-api/brokerage-figures.ts';

// Broker leads are opportunities (leads) of a brokerage. The IRIS widgets read LEAD_GENIUS leads,
// so every broker-leads call defaults to product=LEAD_GENIUS; COMBINED widens it to all leads.
export const DEFAULT_LEAD_PRODUCT: Product = 'LEAD_GENIUS';

type Opportunities = SelectQueryBuilder<Database, 'opportunities', object>;

/** Brokerage and product filter; both products is every lead, which keeps the product-free indexes usable. */
export function leadsOf(db: Db, brokerageId: number, product: Product): Opportunities {
  const q = db.selectFrom('opportunities').where('opportunities.brokerage_id', '=', brokerageId);
  const products = productsOf(product);
  return products.length === 1 ? q.where('opportunities.product', '=', products[0]!) : q;
}

/**
 * The brokerage's opportunities of a product as kept counts (opportunity_counts: per lead type, status,
 * supplier, responded, qualified and assigned; migration 061, decision 0123): every all-time figure of
 * the leads is a sum of `n` over a few dozen of these rows, not a count of up to a million leads.
 */
export function keptLeadsOf(db: Db, brokerageId: number, product: Product) {
  const q = db.selectFrom('opportunity_counts').where('brokerage_id', '=', brokerageId);
  const products = productsOf(product);
  return products.length === 1 ? q.where('product', '=', products[0]!) : q;
}

const isStatus = (s: string) => (OPPORTUNITY_STATUSES as readonly string[]).includes(s);
const StatusList = v.pipe(
  v.string(),
  v.transform((s) => s.split(',').map((x) => x.trim())),
  v.check((list) => list.every(isStatus), 'must be opportunity statuses, comma separated'),
);

const ListQuery = v.object({
  brokerageId: v.optional(Id),
  ...Paging,
  sort: sortParam(['assignedAt', 'created'], 'created,DESC'),
  product: ProductParam,
  leadType: v.optional(LeadType),
  status: v.optional(StatusList),
  // My Leads' search: part of the contact's name or email, or 3+ digits of the phone.
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'at most 100 characters'))),
});

/** Part of the contact's name ("first last") or email, or 3+ digits of the phone: the texts of migration 013's trigram indexes. */
function leadSearch(text: string) {
  const like = `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const digits = text.replace(/\D/g, '');
  return sql<boolean>`(lower(coalesce(opportunities.contact_first, '') || ' ' || coalesce(opportunities.contact_last, '')) like ${like}
    or lower(opportunities.contact_email) like ${like}${digits.length >= 3 ? sql` or opportunities.contact_phone like ${`%${digits}%`}` : sql``})`;
}

/** The trigrams of a text of three ASCII letters or digits and more: "smith" → smi, mit, ith. */
function trigrams(run: string): string[] {
  const grams: string[] = [];
  for (let i = 0; i + 3 <= run.length; i++) grams.push(run.slice(i, i + 3));
  return grams;
}

/**
 * The keys of migration 069 a lead must hold to match a search (decision 0130), as alternatives: each
 * is a set of keys a matching lead holds all of. The name and email give the trigrams of the
 * search's runs of ASCII letters and digits; the phone, when the search has 3+ digits, the trigrams of
 * those digits. Null when a part of the search has no trigram (a run under three characters, a
 * letter past ASCII): the index cannot narrow it. `exact` when the search is three ASCII letters or
 * digits: then holding the key is the search's rule itself, and the rows need no check.
 */
export function leadSearchKeys(
  text: string,
  brokerageId: number,
  product: Product,
): { alternatives: string[][]; exact: boolean } | null {
  const lower = text.toLowerCase();
  const named = [...new Set((lower.match(/[a-z0-9]+/g) ?? []).flatMap(trigrams))];
  if (named.length === 0) return null;
  const digits = text.replace(/\D/g, '');
  const sets = [named];
  const dialled = [...new Set(trigrams(digits))];
  if (digits.length >= 3 && dialled.join() !== named.join()) sets.push(dialled);
  const prefixes = productsOf(product).map((p) => `${brokerageId}${p[0]}`);
  return {
    alternatives: prefixes.flatMap((prefix) => sets.map((set) => set.map((g) => prefix + g))),
    exact: /^[a-z0-9]{3}$/.test(lower),
  };
}

/** The search's total, within the brokerage's leads of `base`: from the keys of migration 069 where the search has them. */
export function leadSearchTotal(base: Opportunities, keys: ReturnType<typeof leadSearchKeys>, text: string) {
  if (!keys) return base.where(leadSearch(text)).select((eb) => eb.fn.countAll<number>().as('n'));
  const held = sql`lead_search_keys(opportunities.brokerage_id, opportunities.product, opportunities.contact_first,
    opportunities.contact_last, opportunities.contact_email, opportunities.contact_phone)`;
  const narrowed = base.where(
    sql<boolean>`(${sql.join(
      keys.alternatives.map((set) => sql`${held} @> array[${sql.join(set)}]::text[]`),
      sql` or `,
    )})`,
  );
  // A longer search is checked on the rows, in the count's filter: in the WHERE clause the planner
  // could also take migration 013's trigram indexes, whose rechecks would run lead_search_keys per row.
  return narrowed.select(
    keys.exact ? sql<number>`count(*)`.as('n') : sql<number>`count(*) filter (where ${leadSearch(text)})`.as('n'),
  );
}

async function brokerLeads(
  db: Db,
  base: Opportunities,
  page: { offset: number; limit: number; sortColumn: 'assigned_at' | 'created_at'; direction: 'asc' | 'desc' },
) {
  const rows = await base
    .leftJoin('agents', 'agents.id', 'opportunities.agent_id')
    .select([
      'opportunities.id',
      'opportunities.status',
      'opportunities.sms_count',
      'opportunities.phone_count',
      'opportunities.assigned_at',
      'opportunities.type',
      'opportunities.client_type',
      'opportunities.referring_website',
      'opportunities.contact_first',
      'opportunities.contact_last',
      'opportunities.contact_phone',
      'opportunities.contact_email',
      'opportunities.created_at',
      'agents.first_name',
      'agents.last_name',
    ])
    // Unassigned leads sort last either way; created_at is never null (a nulls clause there would
    // stop the planner from reading opportunities_dashboard_created_idx in order).
    .orderBy(`opportunities.${page.sortColumn}`, (o) => {
      const ordered = page.direction === 'desc' ? o.desc() : o.asc();
      return page.sortColumn === 'assigned_at' ? ordered.nullsLast() : ordered;
    })
    .orderBy('opportunities.id', page.direction)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((r): BrokerLead => ({
    contact: {
      nameFirst: r.contact_first,
      nameLast: r.contact_last,
      phoneNumber: r.contact_phone,
      emailAddress: r.contact_email,
    },
    opportunity: {
      id: r.id,
      status: r.status,
      smsCount: r.sms_count,
      phoneCount: r.phone_count,
      agentName: displayName(r.first_name, r.last_name),
      assignedAt: r.assigned_at?.toISOString() ?? null,
      type: r.type === 'SELLER' ? 'SELLER' : 'BUYER',
      clientType: r.client_type,
      cleanReferringWebsite: cleanWebsite(r.referring_website),
    },
    created: r.created_at.toISOString(),
  }));
}

/** The opportunity's brokerage, after checking the caller may read it. */
async function readableOpportunity(c: AppContext, id: number) {
  const db = c.get('db');
  const o = await db.selectFrom('opportunities').select(['brokerage_id']).where('id', '=', id).executeTakeFirst();
  if (!o) throw missing(c.get('auth').user, 'lead', 'brokerage');
  assertBrokerage(c.get('auth').user, o.brokerage_id);
  return db.selectFrom('opportunities').where('opportunities.id', '=', id);
}

const OpportunityParams = v.object({ opportunityId: Id });

/**
 * The list's filters on the columns opportunity_counts keeps (lead type, status), over the columns
 * `column(name)` names: the opportunities' own or the kept table's. The rows and the kept total are
 * narrowed by the same parts, so the total cannot miss a filter the rows have.
 */
function keptNarrowing(
  q: { leadType?: string; status?: readonly string[] },
  column: (name: 'lead_type' | 'status') => string,
): RawBuilder<boolean>[] {
  const parts: RawBuilder<boolean>[] = [];
  if (q.leadType && q.leadType !== 'ALL') parts.push(sql<boolean>`${sql.ref(column('lead_type'))} = ${q.leadType}`);
  if (q.status?.length)
    parts.push(sql<boolean>`${sql.ref(column('status'))} in (${sql.join(q.status.map((s) => sql`${s}`))})`);
  return parts;
}

export const irisLeadRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/interviews-api/broker-leads',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const q = query(c, ListQuery);
      const brokerage = await brokerageFromQuery(c, q.brokerageId);
      const product = q.product ?? DEFAULT_LEAD_PRODUCT;
      let narrowed = leadsOf(c.get('db'), brokerage.id, product);
      for (const part of keptNarrowing(q, (name) => `opportunities.${name}`)) narrowed = narrowed.where(part);
      const base = q.q ? narrowed.where(leadSearch(q.q)) : narrowed;
      // Without a search the total is a sum of the kept counts (as the status stats read them).
      let kept = keptLeadsOf(c.get('db'), brokerage.id, product);
      for (const part of keptNarrowing(q, (name) => name)) kept = kept.where(part);
      const [content, total] = await Promise.all([
        brokerLeads(c.get('db'), base, {
          offset: q.pageIndex * q.pageSize,
          limit: q.pageSize,
          direction: q.sort.direction,
          sortColumn: q.sort.key === 'assignedAt' ? 'assigned_at' : 'created_at',
        }),
        q.q
          ? leadSearchTotal(narrowed, leadSearchKeys(q.q, brokerage.id, product), q.q).executeTakeFirstOrThrow()
          : kept.select(sql<number>`coalesce(sum(n), 0)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return c.json({ content, totalElements: Number(total.n) } satisfies Page<BrokerLead>);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/broker-leads/:opportunityId{[0-9]+}',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { opportunityId } = params(c, OpportunityParams);
      const [lead] = await brokerLeads(c.get('db'), await readableOpportunity(c, opportunityId), {
        offset: 0,
        limit: 1,
        sortColumn: 'created_at',
        direction: 'desc',
      });
      if (!lead) throw notFound('No such lead');
      return c.json(lead satisfies BrokerLead);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/broker-leads/lead/:opportunityId{[0-9]+}',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { opportunityId } = params(c, OpportunityParams);
      const [lead] = await brokerLeads(c.get('db'), await readableOpportunity(c, opportunityId), {
        offset: 0,
        limit: 1,
        sortColumn: 'created_at',
        direction: 'desc',
      });
      if (!lead) throw notFound('No such lead');
      const { id, type, clientType, status, cleanReferringWebsite, agentName } = lead.opportunity;
      // The referral the broker opens from the lead: the latest one of the lead's own brokerage.
      const referral = await c
        .get('db')
        .selectFrom('referrals as r')
        .innerJoin('opportunities as o', 'o.id', 'r.opportunity_id')
        .select('r.id')
        .where('r.opportunity_id', '=', id)
        .whereRef('r.brokerage_id', '=', 'o.brokerage_id')
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const body: LeadDetail = {
        data: {
          created: lead.created,
          contact: lead.contact,
          opportunity: {
            id,
            type,
            clientType,
            status,
            cleanReferringWebsite,
            agentName,
            referralId: referral?.id ?? null,
          },
        },
      };
      return c.json(body);
    },
  }),
];
