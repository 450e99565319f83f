import * as v from 'valibot';
import type { AgentNote, BrokerNote } from '../../src/api/schemas/staff.ts';
import type { Db } from '../db/database.ts';
import '../db/schema-staff.ts';
import { notFound } from '../http/errors.ts';
import { assertAgent } from '../http/ownership.ts';
import { route, STAFF_ROLES, type RouteDef } from '../http/route.ts';
import { Id, IdParams, jsonBody, Paging, params, query } from '../http/validate.ts';
import { countOf, NoteBody, noteView, userNameSql } from './staff-paging.ts';

// Internal staff notes on a brokerage (broker notes) and on an agent, newest first.

const BrokerNotesQuery = v.object({ ...Paging, brokerageId: Id });
const NewBrokerNote = v.object({ brokerageId: v.pipe(v.number('brokerageId is required'), v.integer(), v.minValue(1)), ...NoteBody.entries });

async function brokerageExists(db: Db, id: number): Promise<void> {
  const b = await db.selectFrom('brokerages').select('id').where('id', '=', id).executeTakeFirst();
  if (!b) throw notFound('No such brokerage');
}

const brokerNotes = (db: Db) => db.selectFrom('broker_notes as n').leftJoin('users as u', 'u.id', 'n.author_user_id')
  .select(['n.id', 'n.body', 'n.author_user_id', 'n.created_at', 'n.brokerage_id', userNameSql('u').as('author_name')]);
const agentNotes = (db: Db) => db.selectFrom('agent_notes as n').leftJoin('users as u', 'u.id', 'n.author_user_id')
  .select(['n.id', 'n.body', 'n.author_user_id', 'n.created_at', 'n.agent_id', userNameSql('u').as('author_name')]);

export const noteRoutes: RouteDef[] = [
  route({
    method: 'GET', path: '/agents-api/brokerNotes', policy: STAFF_ROLES,
    handler: async (c) => {
      const q = query(c, BrokerNotesQuery);
      const db = c.var.db;
      await brokerageExists(db, q.brokerageId);
      const [totalElements, rows] = await Promise.all([
        countOf(db.selectFrom('broker_notes').where('brokerage_id', '=', q.brokerageId).select((eb) => eb.fn.countAll<number>().as('n'))),
        brokerNotes(db).where('n.brokerage_id', '=', q.brokerageId).orderBy('n.created_at', 'desc').orderBy('n.id', 'desc')
          .offset(q.pageIndex * q.pageSize).limit(q.pageSize).execute(),
      ]);
      return c.json({ content: rows.map((n): BrokerNote => ({ ...noteView(n), brokerageId: n.brokerage_id })), totalElements });
    },
  }),
  route({
    method: 'POST', path: '/agents-api/brokerNotes', policy: STAFF_ROLES,
    handler: async (c) => {
      const body = await jsonBody(c, NewBrokerNote);
      const db = c.var.db;
      await brokerageExists(db, body.brokerageId);
      const { id } = await db.insertInto('broker_notes').values({
        brokerage_id: body.brokerageId, author_user_id: c.var.auth.user.id, body: body.body, created_at: c.var.now(),
      }).returning('id').executeTakeFirstOrThrow();
      const n = await brokerNotes(db).where('n.id', '=', id).executeTakeFirstOrThrow();
      return c.json({ ...noteView(n), brokerageId: n.brokerage_id } satisfies BrokerNote, 201);
    },
  }),
  route({
    method: 'GET', path: '/agents-api/agents/:id{[0-9]+}/notes', policy: STAFF_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const db = c.var.db;
      await assertAgent(db, c.var.auth.user, id);
      const q = query(c, v.object(Paging));
      const [totalElements, rows] = await Promise.all([
        countOf(db.selectFrom('agent_notes').where('agent_id', '=', id).select((eb) => eb.fn.countAll<number>().as('n'))),
        agentNotes(db).where('n.agent_id', '=', id).orderBy('n.created_at', 'desc').orderBy('n.id', 'desc')
          .offset(q.pageIndex * q.pageSize).limit(q.pageSize).execute(),
      ]);
      return c.json({ content: rows.map((n): AgentNote => ({ ...noteView(n), agentId: n.agent_id })), totalElements });
    },
  }),
  route({
    method: 'POST', path: '/agents-api/agents/:id{[0-9]+}/notes', policy: STAFF_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const db = c.var.db;
      await assertAgent(db, c.var.auth.user, id);
      const body = await jsonBody(c, NoteBody);
      const row = await db.insertInto('agent_notes').values({
        agent_id: id, author_user_id: c.var.auth.user.id, body: body.body, created_at: c.var.now(),
      }).returning('id').executeTakeFirstOrThrow();
      const n = await agentNotes(db).where('n.id', '=', row.id).executeTakeFirstOrThrow();
      return c.json({ ...noteView(n), agentId: n.agent_id } satisfies AgentNote, 201);
    },
  }),
];
