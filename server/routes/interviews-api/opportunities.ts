import type { Page } from '../../../src/contract/common.ts';
import { updateByIdOr404 } from '../../http/update.ts';
import * as v from 'valibot';
import { EMAIL_PATTERN } from '../../../src/lib/validation.ts';
import { normalisePhone, OPPORTUNITY_STATUSES, type OpportunityNote, type Opportunity } from '../../../src/contract/interviews.ts';
import type { Db } from '../../db/database.ts';
import { csvResponse } from '../../http/csv.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { noteRoutes } from '../../http/note-routes.ts';
import { route, STAFF_ROLES, type AppContext, type RouteDef } from '../../http/route.ts';
import { IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';
import {
  filteredIds, loadOpportunity, OPPORTUNITY_SORT, OpportunityFilters, opportunityQuery, OpportunitySort, opportunityView,
  type OpportunityFilter,
} from './opportunity-query.ts';
import { countOf, NoteBody, noteView } from '../../http/paging.ts';

/** The opportunities route (spec 1 section 6): the brokerages roles plus CSR_VIEW_OPPORTUNITIES, who only reads. */
export const OPPORTUNITY_READERS = [...STAFF_ROLES, 'CSR_VIEW_OPPORTUNITIES'] as const;

const ListQuery = v.object({ ...Paging, ...OpportunityFilters, sort: OpportunitySort });
const SearchQuery = v.object({
  ...Paging, ...OpportunityFilters, sort: OpportunitySort,
  q: v.pipe(v.string('q is required'), v.trim(), v.nonEmpty('q is required'), v.maxLength(100)),
});
const name = v.pipe(v.string(), v.trim(), v.nonEmpty('Name is required'), v.maxLength(255, 'Name must be less than 255 characters'));
const PatchOpportunity = v.strictObject({
  nameFirst: v.optional(name),
  nameLast: v.optional(name),
  phoneNumber: v.optional(v.nullable(v.pipe(v.string(), v.check((p) => normalisePhone(p) !== null, 'Invalid phone number.'), v.transform((p) => normalisePhone(p))))),
  emailAddress: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(EMAIL_PATTERN, 'Invalid e-mail.')))),
  cosignerFirstName: v.optional(v.nullable(name)),
  cosignerLastName: v.optional(v.nullable(name)),
  clientType: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.regex(/^[A-Z_]{1,40}$/, 'clientType must be an upper-case code')))),
  type: v.optional(v.picklist(['BUYER', 'SELLER'], 'type must be BUYER or SELLER')),
}, 'unknown field');
const StatusBody = v.object({ status: v.picklist(OPPORTUNITY_STATUSES, 'status must be an opportunity status') });

async function page(c: AppContext, f: OpportunityFilter, q: v.InferOutput<typeof ListQuery>) {
  const db = c.var.db;
  const [totalElements, rows] = await Promise.all([
    countOf(db.selectFrom(filteredIds(db, f).as('f')).select((eb) => eb.fn.countAll<number>().as('n'))),
    opportunityQuery(db).where('o.id', 'in', filteredIds(db, f))
      .orderBy(OPPORTUNITY_SORT[q.sort.key], q.sort.desc ? 'desc' : 'asc').orderBy('o.id', 'desc')
      .offset(q.pageIndex * q.pageSize).limit(q.pageSize).execute(),
  ]);
  return c.json({ content: rows.map(opportunityView), totalElements } satisfies Page<Opportunity>);
}

async function assertExists(db: Db, id: number) {
  const o = await db.selectFrom('opportunities').select('id').where('id', '=', id).executeTakeFirst();
  if (!o) throw notFound('No such opportunity');
}

export const opportunityRoutes: RouteDef[] = [
  route({
    method: 'GET', path: '/interviews-api/opportunities', policy: OPPORTUNITY_READERS,
    handler: async (c) => { const q = query(c, ListQuery); return page(c, q, q); },
  }),
  route({
    method: 'GET', path: '/interviews-api/opportunities/search', policy: OPPORTUNITY_READERS,
    handler: async (c) => { const q = query(c, SearchQuery); return page(c, q, q); },
  }),
  route({
    method: 'GET', path: '/interviews-api/opportunities/:id{[0-9]+}', policy: OPPORTUNITY_READERS,
    handler: async (c) => c.json(await loadOpportunity(c.var.db, params(c, IdParams).id) satisfies Opportunity),
  }),
  route({
    method: 'PATCH', path: '/interviews-api/opportunities/:id{[0-9]+}', policy: STAFF_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const b = await jsonBody(c, PatchOpportunity);
      const set = Object.fromEntries(Object.entries({
        contact_first: b.nameFirst, contact_last: b.nameLast, contact_phone: b.phoneNumber, contact_email: b.emailAddress,
        cosigner_first: b.cosignerFirstName, cosigner_last: b.cosignerLastName, client_type: b.clientType, type: b.type,
      }).filter(([, val]) => val !== undefined));
      if (Object.keys(set).length === 0) throw badRequest('Nothing to change');
      await updateByIdOr404(c.var.db, 'opportunities', id, { ...set, updated_at: c.var.now() }, 'No such opportunity');
      return c.json(await loadOpportunity(c.var.db, id) satisfies Opportunity);
    },
  }),
  route({
    method: 'PUT', path: '/interviews-api/opportunities/:id{[0-9]+}/status', policy: STAFF_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { status } = await jsonBody(c, StatusBody);
      await updateByIdOr404(c.var.db, 'opportunities', id, { status, updated_at: c.var.now() }, 'No such opportunity');
      return c.json(await loadOpportunity(c.var.db, id) satisfies Opportunity);
    },
  }),
  ...noteRoutes({
    table: 'opportunity_notes', ownerColumn: 'opportunity_id',
    view: (n, opportunityId): OpportunityNote => ({ ...noteView(n), opportunityId }),
    list: {
      path: '/interviews-api/opportunities/:id{[0-9]+}/notes', policy: OPPORTUNITY_READERS,
      read: async (c) => {
        const { id } = params(c, IdParams);
        const q = query(c, v.object(Paging));
        await assertExists(c.var.db, id);
        return { ownerId: id, ...q };
      },
    },
    create: {
      path: '/interviews-api/opportunities/:id{[0-9]+}/notes', policy: STAFF_ROLES,
      read: async (c) => {
        const { id } = params(c, IdParams);
        const { body } = await jsonBody(c, NoteBody);
        await assertExists(c.var.db, id);
        return { ownerId: id, body };
      },
    },
  }),
  route({
    method: 'GET', path: '/interviews-api/opportunities/export.csv', policy: OPPORTUNITY_READERS,
    handler: async (c) => {
      const f = query(c, v.object(OpportunityFilters));
      return csvResponse(c, 'opportunities', { ...f, status: f.status?.join(',') }, {
        header: ['Id', 'Created', 'Status', 'Type', 'Product', 'Lead Type', 'First Name', 'Last Name', 'Phone', 'Email',
          'Brokerage', 'Agent', 'Assigned At', 'Calls', 'SMS', 'Lead Source'],
        batch: (after, size) => opportunityQuery(c.var.db).where('o.id', 'in', filteredIds(c.var.db, f))
          .$if(after !== undefined, (qb) => qb.where('o.id', '<', after ?? 0)).orderBy('o.id', 'desc').limit(size).execute(),
        cursor: (r) => r.id,
        cells: (r) => {
          const o = opportunityView(r);
          return [o.id, o.created, o.status, o.type, o.product, o.leadType, o.contact.nameFirst, o.contact.nameLast,
            o.contact.phoneNumber, o.contact.emailAddress, o.brokerageName, o.agentName, o.assignedAt, o.phoneCount, o.smsCount,
            o.cleanReferringWebsite];
        },
      });
    },
  }),
];
