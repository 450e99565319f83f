import * as v from 'valibot';

import type { AgentNote } from '../../../src/contract/agents.ts';
import type { BrokerNote } from '../../../src/contract/brokerages.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { noteRoutes } from '../../http/note-routes.ts';
import { assertAgent } from '../../http/ownership.ts';
import { NoteBody, noteView } from '../../http/paging.ts';
import { STAFF_ROLES, type RouteDef } from '../../http/route.ts';
import { Id, IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';

// Internal staff notes on a brokerage (broker notes) and on an agent, newest first.

const BrokerNotesQuery = v.object({ ...Paging, brokerageId: Id });
const NewBrokerNote = v.object({
  brokerageId: v.pipe(v.number('brokerageId is required'), v.integer(), v.minValue(1)),
  ...NoteBody.entries,
});

async function brokerageExists(db: Db, id: number): Promise<void> {
  const b = await db.selectFrom('brokerages').select('id').where('id', '=', id).executeTakeFirst();
  if (!b) throw notFound('No such brokerage');
}

export const brokerNoteRoutes: RouteDef[] = noteRoutes({
  table: 'broker_notes',
  ownerColumn: 'brokerage_id',
  view: (n, brokerageId): BrokerNote => ({ ...noteView(n), brokerageId }),
  list: {
    path: '/agents-api/brokerNotes',
    policy: STAFF_ROLES,
    read: async (c) => {
      const q = query(c, BrokerNotesQuery);
      await brokerageExists(c.get('db'), q.brokerageId);
      return { ownerId: q.brokerageId, pageIndex: q.pageIndex, pageSize: q.pageSize };
    },
  },
  create: {
    path: '/agents-api/brokerNotes',
    policy: STAFF_ROLES,
    read: async (c) => {
      const body = await jsonBody(c, NewBrokerNote);
      await brokerageExists(c.get('db'), body.brokerageId);
      return { ownerId: body.brokerageId, body: body.body };
    },
  },
});

export const agentNoteRoutes: RouteDef[] = noteRoutes({
  table: 'agent_notes',
  ownerColumn: 'agent_id',
  view: (n, agentId): AgentNote => ({ ...noteView(n), agentId }),
  list: {
    path: '/agents-api/agents/:id{[0-9]+}/notes',
    policy: STAFF_ROLES,
    read: async (c) => {
      const { id } = params(c, IdParams);
      await assertAgent(c.get('db'), c.get('auth').user, id);
      return { ownerId: id, ...query(c, v.object(Paging)) };
    },
  },
  create: {
    path: '/agents-api/agents/:id{[0-9]+}/notes',
    policy: STAFF_ROLES,
    read: async (c) => {
      const { id } = params(c, IdParams);
      await assertAgent(c.get('db'), c.get('auth').user, id);
      const { body } = await jsonBody(c, NoteBody);
      return { ownerId: id, body };
    },
  },
});
