import * as v from 'valibot';

import { OPPORTUNITY_ROLES, STAFF_ROLES } from '../../../src/access/roles.ts';
import type { Page } from '../../../src/contract/common.ts';
import {
  OpportunityPatch,
  OpportunityStatusChange,
  type Opportunity,
  type OpportunityNote,
} from '../../../src/contract/interviews.ts';
import { codeLabel, enumLabel } from '../../../src/contract/labels.ts';
import type { Db } from '../../db/database.ts';
import { opportunityAudience } from '../../events/audience.ts';
import { recordEvent } from '../../events/outbox.ts';
import { recordAudit } from '../../http/audit-log.ts';
import { csvResponse } from '../../http/csv.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { noteRoutes } from '../../http/note-routes.ts';
import { countOf, NoteBody, noteView } from '../../http/paging.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';
import {
  filteredIds,
  loadOpportunity,
  OPPORTUNITY_SORT,
  OpportunityFilters,
  opportunityQuery,
  OpportunitySort,
  opportunityView,
  type OpportunityFilter,
} from './opportunity-query.ts';

const ListQuery = v.object({ ...Paging, ...OpportunityFilters, sort: OpportunitySort });
const SearchQuery = v.object({
  ...Paging,
  ...OpportunityFilters,
  sort: OpportunitySort,
  q: v.pipe(v.string('q is required'), v.trim(), v.nonEmpty('q is required'), v.maxLength(100)),
});

async function page(c: AppContext, f: OpportunityFilter, q: v.InferOutput<typeof ListQuery>) {
  const db = c.get('db');
  const [totalElements, rows] = await Promise.all([
    countOf(db.selectFrom(filteredIds(db, f).as('f')).select((eb) => eb.fn.countAll<number>().as('n'))),
    opportunityQuery(db)
      .where('o.id', 'in', filteredIds(db, f))
      .orderBy(OPPORTUNITY_SORT[q.sort.key], q.sort.desc ? 'desc' : 'asc')
      .orderBy('o.id', 'desc')
      .offset(q.pageIndex * q.pageSize)
      .limit(q.pageSize)
      .execute(),
  ]);
  return c.json({ content: rows.map(opportunityView), totalElements } satisfies Page<Opportunity>);
}

/** The opportunity's row, locked for the write that follows; 404 when there is none. */
async function lockOpportunity(db: Db, id: number) {
  const o = await db
    .selectFrom('opportunities')
    .select(['id', 'status', 'brokerage_id', 'agent_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!o) throw notFound('No such opportunity');
  return o;
}

/** Last in a lead's write: its brokerage's open lists (and staff's, and its agent's) hear of it live. */
export async function recordOpportunityChanged(
  db: Db,
  o: { id: number; brokerage_id: number; agent_id: number | null },
  change: string,
) {
  await recordEvent(db, {
    type: 'OPPORTUNITY_CHANGED',
    payload: { opportunityId: o.id, brokerageId: o.brokerage_id, change },
    audience: opportunityAudience(o.brokerage_id, o.agent_id),
  });
}

async function assertExists(db: Db, id: number) {
  const o = await db.selectFrom('opportunities').select('id').where('id', '=', id).executeTakeFirst();
  if (!o) throw notFound('No such opportunity');
}

export const opportunityRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/interviews-api/opportunities',
    policy: OPPORTUNITY_ROLES,
    handler: async (c) => {
      const q = query(c, ListQuery);
      return page(c, q, q);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/opportunities/search',
    policy: OPPORTUNITY_ROLES,
    handler: async (c) => {
      const q = query(c, SearchQuery);
      return page(c, q, q);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/opportunities/:id{[0-9]+}',
    policy: OPPORTUNITY_ROLES,
    handler: async (c) => c.json((await loadOpportunity(c.get('db'), params(c, IdParams).id)) satisfies Opportunity),
  }),
  route({
    method: 'PATCH',
    path: '/interviews-api/opportunities/:id{[0-9]+}',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const b = await jsonBody(c, OpportunityPatch);
      const set = Object.fromEntries(
        Object.entries({
          contact_first: b.nameFirst,
          contact_last: b.nameLast,
          contact_phone: b.phoneNumber,
          contact_email: b.emailAddress,
          cosigner_first: b.cosignerFirstName,
          cosigner_last: b.cosignerLastName,
          client_type: b.clientType,
          type: b.type,
        }).filter(([, val]) => val !== undefined),
      );
      if (Object.keys(set).length === 0) throw badRequest('Nothing to change');
      await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const o = await lockOpportunity(trx, id);
          await trx
            .updateTable('opportunities')
            .set({ ...set, updated_at: c.get('now')() })
            .where('id', '=', id)
            .execute();
          // The fields' names only: the audit log is read widely and a client's contact details stay out of it.
          await recordAudit(c, trx, 'OPPORTUNITY_EDITED', `opportunity ${id}: ${Object.keys(set).join(', ')}`);
          await recordOpportunityChanged(trx, o, 'EDITED');
        });
      return c.json((await loadOpportunity(c.get('db'), id)) satisfies Opportunity);
    },
  }),
  route({
    method: 'PUT',
    path: '/interviews-api/opportunities/:id{[0-9]+}/status',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { status } = await jsonBody(c, OpportunityStatusChange);
      await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const was = await lockOpportunity(trx, id);
          await trx
            .updateTable('opportunities')
            .set({ status, updated_at: c.get('now')() })
            .where('id', '=', id)
            .execute();
          await recordAudit(c, trx, 'OPPORTUNITY_STATUS_CHANGED', `opportunity ${id}: ${was.status} to ${status}`);
          await recordOpportunityChanged(trx, was, 'STATUS');
        });
      return c.json((await loadOpportunity(c.get('db'), id)) satisfies Opportunity);
    },
  }),
  ...noteRoutes({
    table: 'opportunity_notes',
    ownerColumn: 'opportunity_id',
    touchOwner: { table: 'opportunities', column: 'updated_at' },
    audit: 'OPPORTUNITY_NOTE_ADDED',
    view: (n, opportunityId): OpportunityNote => ({ ...noteView(n), opportunityId }),
    list: {
      path: '/interviews-api/opportunities/:id{[0-9]+}/notes',
      policy: OPPORTUNITY_ROLES,
      read: async (c) => {
        const { id } = params(c, IdParams);
        const q = query(c, v.object(Paging));
        await assertExists(c.get('db'), id);
        return { ownerId: id, ...q };
      },
    },
    create: {
      path: '/interviews-api/opportunities/:id{[0-9]+}/notes',
      policy: STAFF_ROLES,
      read: async (c) => {
        const { id } = params(c, IdParams);
        const { body } = await jsonBody(c, NoteBody);
        await assertExists(c.get('db'), id);
        return { ownerId: id, body };
      },
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/opportunities/export.csv',
    policy: OPPORTUNITY_ROLES,
    handler: async (c) => {
      const f = query(c, v.object(OpportunityFilters));
      return csvResponse(
        c,
        'opportunities',
        { ...f, status: f.status?.join(',') },
        {
          header: [
            'Id',
            'Created',
            'Status',
            'Type',
            'Product',
            'Lead Type',
            'First Name',
            'Last Name',
            'Phone',
            'Email',
            'Brokerage',
            'Agent',
            'Assigned At',
            'Calls',
            'Texts',
            'Lead Source',
          ],
          batch: (after, size) =>
            opportunityQuery(c.get('db'))
              .where('o.id', 'in', filteredIds(c.get('db'), f))
              .$if(after !== undefined, (qb) => qb.where('o.id', '<', after ?? 0))
              .orderBy('o.id', 'desc')
              .limit(size)
              .execute(),
          cursor: (r) => r.id,
          cells: (r) => {
            const o = opportunityView(r);
            return [
              o.id,
              o.created,
              enumLabel('opportunityStatus', o.status),
              enumLabel('referralType', o.type),
              codeLabel(o.product),
              enumLabel('leadType', o.leadType),
              o.contact.nameFirst,
              o.contact.nameLast,
              o.contact.phoneNumber,
              o.contact.emailAddress,
              o.brokerageName,
              o.agentName,
              o.assignedAt,
              o.phoneCount,
              o.smsCount,
              o.cleanReferringWebsite,
            ];
          },
        },
      );
    },
  }),
];
