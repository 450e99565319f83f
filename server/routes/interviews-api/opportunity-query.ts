import { sql, type ExpressionBuilder } from 'kysely';
import * as v from 'valibot';

import { OPPORTUNITY_STATUSES, type Opportunity } from '../../../src/contract/interviews.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { IdParam, likeWildcard, Sort, TextParam } from '../../http/paging.ts';
import { displayName } from '../agents-api/agents.ts';

// Reading opportunities: the view, the list filters (shared by the list, the search and the export).

export const opportunityQuery = (db: Db) =>
  db
    .selectFrom('opportunities as o')
    .innerJoin('brokerages as b', 'b.id', 'o.brokerage_id')
    .leftJoin('agents as a', 'a.id', 'o.agent_id')
    .selectAll('o')
    .select(['b.name as brokerage_name', 'a.first_name as agent_first', 'a.last_name as agent_last']);
export type OpportunityRow = Awaited<ReturnType<ReturnType<typeof opportunityQuery>['execute']>>[number];

/** "https://www.zillow.com/homes/x" → "zillow.com". */
export function cleanWebsite(site: string | null): string | null {
  if (!site) return null;
  const host = site
    .trim()
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/^www\./i, '')
    .split(/[/?#]/)[0]
    ?.toLowerCase();
  return host || null;
}

export const opportunityView = (o: OpportunityRow): Opportunity => ({
  id: o.id,
  brokerageId: o.brokerage_id,
  brokerageName: o.brokerage_name,
  agentId: o.agent_id,
  agentName: o.agent_id === null ? null : displayName(o.agent_first, o.agent_last),
  product: o.product,
  leadType: o.lead_type,
  type: o.type,
  clientType: o.client_type,
  status: o.status,
  contact: {
    nameFirst: o.contact_first,
    nameLast: o.contact_last,
    phoneNumber: o.contact_phone,
    emailAddress: o.contact_email,
  },
  cosignerFirstName: o.cosigner_first,
  cosignerLastName: o.cosigner_last,
  phoneCount: o.phone_count,
  smsCount: o.sms_count,
  referringWebsite: o.referring_website,
  cleanReferringWebsite: cleanWebsite(o.referring_website),
  responded: o.responded,
  qualified: o.qualified,
  created: o.created_at.toISOString(),
  assignedAt: o.assigned_at?.toISOString() ?? null,
  updated: o.updated_at.toISOString(),
  partnerId: o.partner_id,
});

export async function loadOpportunity(db: Db, id: number): Promise<Opportunity> {
  const o = await opportunityQuery(db).where('o.id', '=', id).executeTakeFirst();
  if (!o) throw notFound('No such opportunity');
  return opportunityView(o);
}

const StatusList = v.optional(
  v.pipe(
    v.string(),
    v.transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
    v.array(v.picklist(OPPORTUNITY_STATUSES, 'status must be opportunity statuses, comma separated')),
  ),
);
export const OpportunityFilters = {
  status: StatusList,
  brokerageId: IdParam,
  type: v.optional(v.picklist(['BUYER', 'SELLER'], 'type must be BUYER or SELLER')),
  product: v.optional(v.picklist(['PORCHLIGHT', 'LEAD_GENIUS'], 'product must be PORCHLIGHT or LEAD_GENIUS')),
  q: TextParam(100),
};
export type OpportunityFilter = v.InferOutput<v.ObjectSchema<typeof OpportunityFilters, undefined>>;
export const OpportunitySort = Sort(['created', 'updated', 'assignedAt', 'status', 'name'], 'created,DESC');
export const OPPORTUNITY_SORT = {
  created: sql`o.created_at`,
  updated: sql`o.updated_at`,
  assignedAt: sql`o.assigned_at`,
  status: sql`o.status`,
  name: sql`lower(concat_ws(' ', o.contact_last, o.contact_first))`,
};

/** Wildcard search (`*` any text) over the contact's and cosigner's names, email and phone digits, and the id. */
function searchTerms(eb: ExpressionBuilder<Database, 'opportunities'>, q: string) {
  const pattern = likeWildcard(q.toLowerCase());
  const terms = [
    eb(sql`lower(concat_ws(' ', contact_first, contact_last))`, 'like', pattern),
    eb(sql`lower(concat_ws(' ', cosigner_first, cosigner_last))`, 'like', pattern),
    eb(sql`lower(contact_email)`, 'like', pattern),
  ];
  const digits = q.replace(/\D/g, '');
  if (/^[\d\s().+*-]+$/.test(q) && digits.length >= 3) terms.push(eb('contact_phone', 'like', likeWildcard(digits)));
  if (/^\d{1,9}$/.test(q)) terms.push(eb('id', '=', Number(q)));
  return eb.or(terms);
}

/** Ids of the opportunities matching the filters, as a subquery. */
export function filteredIds(db: Db, f: OpportunityFilter) {
  return db
    .selectFrom('opportunities')
    .select('id')
    .where((eb) =>
      eb.and([
        ...(f.status && f.status.length > 0 ? [eb('status', 'in', f.status)] : []),
        ...(f.brokerageId !== undefined ? [eb('brokerage_id', '=', f.brokerageId)] : []),
        ...(f.type ? [eb('type', '=', f.type)] : []),
        ...(f.product ? [eb('product', '=', f.product)] : []),
        ...(f.q ? [searchTerms(eb, f.q)] : []),
      ]),
    );
}
