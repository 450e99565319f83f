import * as v from 'valibot';

import { BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import { SUPPORT_CASE_STATUSES, type SupportCase, type SupportCasePage } from '../../../src/contract/agent-support.ts';
import { forbidden } from '../../http/errors.ts';
import { assertAgent, isProviderUser } from '../../http/ownership.ts';
import { countOf, IdParam, userNameSql } from '../../http/paging.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { Paging, query } from '../../http/validate.ts';

// GET /interviews-api/agent-support/cases: an agent's support cases on the staff agent
// view. Staff read every agent's; a brokerage admin only their agents' (agentId required).

const StatusList = v.pipe(
  v.string(),
  v.transform((s) => s.split(',').map((x) => x.trim().toUpperCase())),
  v.check(
    (list) => list.every((s) => (SUPPORT_CASE_STATUSES as readonly string[]).includes(s)),
    `status must be statuses among ${SUPPORT_CASE_STATUSES.join(', ')}, comma separated`,
  ),
);
const CasesQuery = v.object({ ...Paging, agentId: IdParam, status: v.optional(StatusList) });

export const agentSupportRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/interviews-api/agent-support/cases',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const q = query(c, CasesQuery);
      const { user } = c.get('auth');
      if (q.agentId !== undefined) await assertAgent(c.get('db'), user, q.agentId);
      else if (!isProviderUser(user)) throw forbidden('Name the agent (agentId) whose support cases to read');
      const db = c.get('db');
      const base = () =>
        db
          .selectFrom('agent_support_cases as s')
          .$if(q.agentId !== undefined, (b) => b.where('s.agent_id', '=', q.agentId!))
          .$if(q.status !== undefined, (b) => b.where('s.status', 'in', q.status!));
      const [totalElements, openCount, rows] = await Promise.all([
        countOf(base().select((eb) => eb.fn.countAll<number>().as('n'))),
        countOf(
          base()
            .where('s.status', 'in', ['OPEN', 'PENDING'])
            .select((eb) => eb.fn.countAll<number>().as('n')),
        ),
        base()
          .leftJoin('users as u', 'u.id', 's.opened_by')
          .select([
            's.id',
            's.agent_id',
            's.subject',
            's.category',
            's.status',
            's.priority',
            's.opened_by',
            's.created_at',
            's.updated_at',
            's.closed_at',
          ])
          .select(userNameSql('u').as('opened_by_name'))
          .orderBy('s.created_at', 'desc')
          .orderBy('s.id', 'desc')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      const content = rows.map((r): SupportCase => ({
        id: r.id,
        agentId: r.agent_id,
        subject: r.subject,
        category: r.category,
        status: r.status as SupportCase['status'],
        priority: r.priority,
        openedBy: { id: r.opened_by, name: r.opened_by_name },
        created: r.created_at.toISOString(),
        updated: r.updated_at.toISOString(),
        closed: r.closed_at?.toISOString() ?? null,
      }));
      return c.json({ content, totalElements, openCount } satisfies SupportCasePage);
    },
  }),
];
