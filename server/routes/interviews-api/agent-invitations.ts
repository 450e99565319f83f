import { sql } from 'kysely';
import * as v from 'valibot';

import { BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import { POTENTIAL_AGENT_LIST_STATUSES, type InvitationStats } from '../../../src/contract/potential-agents.ts';
import { assertBrokerage, isProviderUser } from '../../http/ownership.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { params } from '../../http/validate.ts';

// GET /interviews-api/agentInvitations/stats/{ids} (spec 2 section 7 "agentInvitations/
// stats/[ids]"): the invitation stats of several brokerages at once, ids comma separated (at most 50),
// one InvitationStats per id in the order asked, the same figures as
// GET /agents-api/brokerages/{id}/agentInvitations/stats. A brokerage admin may ask only for their own.

const IdsParams = v.object({
  ids: v.pipe(
    v.string(),
    v.regex(/^\d{1,9}(,\d{1,9}){0,49}$/, 'ids must be 1 to 50 brokerage ids, comma separated'),
    v.transform((s) => [...new Set(s.split(',').map(Number))]),
  ),
});

export const agentInvitationRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/interviews-api/agentInvitations/stats/:ids',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { ids } = params(c, IdsParams);
      const user = c.get('auth').user;
      for (const id of ids) assertBrokerage(user, id);
      const db = c.get('db');
      const now = c.get('now')();
      const since = new Date(now.getTime() - 30 * 86_400_000);
      const [known, rows, recent] = await Promise.all([
        db.selectFrom('brokerages').select('id').where('id', 'in', ids).execute(),
        // Counted by the list filter's statuses, as the one-brokerage call does (an expired invitation is INVITE_EXPIRED).
        db
          .selectFrom('potential_agents')
          .select([
            'brokerage_id',
            sql<string>`case when status = 'INVITE_PENDING' and invite_expires_at <= ${now} then 'INVITE_EXPIRED' else status end`.as(
              'status',
            ),
            sql<number>`count(*)::int`.as('n'),
          ])
          .where('brokerage_id', 'in', ids)
          .groupBy(sql`1, 2`)
          .execute(),
        db
          .selectFrom('potential_agents')
          .where('brokerage_id', 'in', ids)
          .where('invite_sent_at', '>=', since)
          .select([
            'brokerage_id',
            sql<number>`count(*)::int`.as('sent'),
            sql<number>`(count(*) filter (where status = 'INVITE_REDEEMED'))::int`.as('accepted'),
          ])
          .groupBy('brokerage_id')
          .execute(),
      ]);
      // Unknown ids are left out for staff (who see every brokerage); others never reach here with one.
      const existing = new Set(known.map((k) => k.id));
      const body = ids
        .filter((id) => existing.has(id) || !isProviderUser(user))
        .map((id): InvitationStats => {
          const r = recent.find((x) => x.brokerage_id === id);
          return {
            brokerageId: id,
            counts: Object.fromEntries(
              POTENTIAL_AGENT_LIST_STATUSES.map((s) => [
                s,
                rows.find((x) => x.brokerage_id === id && x.status === s)?.n ?? 0,
              ]),
            ),
            sentLast30: r?.sent ?? 0,
            acceptedLast30: r?.accepted ?? 0,
          };
        });
      return c.json(body satisfies InvitationStats[]);
    },
  }),
];
