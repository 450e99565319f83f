import { BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import { PotentialAgentEdit, type PotentialAgent } from '../../../src/contract/potential-agents.ts';
import { conflict } from '../../http/errors.ts';
import { assertBrokerage, missing } from '../../http/ownership.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, jsonBody, params } from '../../http/validate.ts';
import { potentialAgentView } from './potential-agents.ts';

// PATCH /agents-api/potentialAgents/{id}: the one potential-agent call of spec 2
// section 7 not yet served. Same callers and ownership as the other potential-agent calls.

export const potentialAgentEditRoutes: RouteDef[] = [
  route({
    method: 'PATCH',
    path: '/agents-api/potentialAgents/:id{[0-9]+}',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const body = await jsonBody(c, PotentialAgentEdit);
      const now = c.get('now')();
      const row = await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const p = await trx
            .selectFrom('potential_agents')
            .selectAll()
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (!p) throw missing(c.get('auth').user, 'potential agent', 'brokerage');
          assertBrokerage(c.get('auth').user, p.brokerage_id);
          if (p.status === 'INVITE_REDEEMED') throw conflict('This person has already joined');
          return trx
            .updateTable('potential_agents')
            .set({
              ...(body.firstName !== undefined ? { first_name: body.firstName } : {}),
              ...(body.lastName !== undefined ? { last_name: body.lastName } : {}),
              ...(body.phone !== undefined ? { phone: body.phone } : {}),
              updated_at: now,
            })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
        });
      return c.json(potentialAgentView(row, now) satisfies PotentialAgent);
    },
  }),
];
