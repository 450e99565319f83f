import { sql } from 'kysely';
import * as v from 'valibot';

import { BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import { isoMonth } from '../../../src/contract/common.ts';
import type { LeadStats } from '../../../src/contract/leads.ts';
import { BrokerageIdParams, readableBrokerage } from '../../http/brokerage-scope.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { params, query } from '../../http/validate.ts';
import { monthBounds, monthOf } from '../agents-api/brokerage-figures.ts';
import { leadsOf } from '../interviews-api/iris-leads.ts';

// The /leads-api family: the brokerage's monthly and quarterly lead intake against its cap.

const LeadStatsQuery = v.object({
  ingestedDate: v.optional(isoMonth()),
});

export const leadStatsApiRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/leads-api/leadstats/:brokerageId{[0-9]+}',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { brokerageId } = params(c, BrokerageIdParams);
      const { ingestedDate } = query(c, LeadStatsQuery);
      const brokerage = await readableBrokerage(c, brokerageId);
      const month = ingestedDate ?? monthOf(c.get('now')());
      const { start, end, quarterStart, quarterEnd } = monthBounds(month);
      const row = await leadsOf(c.get('db'), brokerageId, 'LEAD_GENIUS')
        .where('created_at', '>=', quarterStart)
        .where('created_at', '<', quarterEnd)
        .select([
          sql<number>`count(*) filter (where created_at >= ${start} and created_at < ${end})`.as('month'),
          (eb) => eb.fn.countAll<number>().as('quarter'),
        ])
        .executeTakeFirstOrThrow();
      const body: LeadStats = {
        content: [
          {
            month,
            ingestedCount: Number(row.month),
            quarterIngestedCount: Number(row.quarter),
            quarterlyCap: brokerage.quarterlyCap,
          },
        ],
      };
      return c.json(body);
    },
  }),
];
