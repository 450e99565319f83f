import { sql } from 'kysely';
import * as v from 'valibot';

import { OPPORTUNITY_ROLES } from '../../../src/access/roles.ts';
import { WORKFLOW_TASK_STATUSES, type WorkflowTask, type WorkflowTaskPage } from '../../../src/contract/workflow.ts';
import { notFound } from '../../http/errors.ts';
import { countOf, userNameSql } from '../../http/paging.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { Paging, query } from '../../http/validate.ts';

// GET /workflow-api/tasks: the workflow tasks an opportunity waits on, for the
// opportunity view. Open tasks (OPEN, IN_PROGRESS) first by due time, then finished ones, newest first.

const StatusList = v.pipe(
  v.string(),
  v.transform((s) => s.split(',').map((x) => x.trim().toUpperCase())),
  v.check(
    (list) => list.every((s) => (WORKFLOW_TASK_STATUSES as readonly string[]).includes(s)),
    `status must be statuses among ${WORKFLOW_TASK_STATUSES.join(', ')}, comma separated`,
  ),
);
const TasksQuery = v.object({
  ...Paging,
  opportunityId: v.pipe(
    v.string('opportunityId is required'),
    v.regex(/^\d{1,9}$/, 'must be a positive whole number'),
    v.transform(Number),
  ),
  status: v.optional(StatusList),
});

export const workflowTaskRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/workflow-api/tasks',
    policy: OPPORTUNITY_ROLES,
    handler: async (c) => {
      const q = query(c, TasksQuery);
      const db = c.get('db');
      const opportunityId = q.opportunityId;
      const opp = await db.selectFrom('opportunities').select('id').where('id', '=', opportunityId).executeTakeFirst();
      if (!opp) throw notFound('No such opportunity');
      const now = c.get('now')();
      const base = () =>
        db
          .selectFrom('workflow_tasks as t')
          .where('t.opportunity_id', '=', opportunityId)
          .$if(q.status !== undefined, (b) => b.where('t.status', 'in', q.status!));
      const [totalElements, rows] = await Promise.all([
        countOf(base().select((eb) => eb.fn.countAll<number>().as('n'))),
        base()
          .leftJoin('users as u', 'u.id', 't.assignee_user_id')
          .select([
            't.id',
            't.opportunity_id',
            't.type',
            't.name',
            't.status',
            't.assignee_user_id',
            't.due_at',
            't.created_at',
            't.completed_at',
          ])
          .select(userNameSql('u').as('assignee_name'))
          .orderBy(sql`case when t.status in ('OPEN', 'IN_PROGRESS') then 0 else 1 end`)
          .orderBy(sql`case when t.status in ('OPEN', 'IN_PROGRESS') then t.due_at end`, sql`asc nulls last`)
          .orderBy('t.created_at', 'desc')
          .orderBy('t.id', 'desc')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      const content = rows.map((r): WorkflowTask => {
        const open = r.status === 'OPEN' || r.status === 'IN_PROGRESS';
        return {
          id: r.id,
          opportunityId: r.opportunity_id,
          type: r.type,
          name: r.name,
          status: r.status as WorkflowTask['status'],
          assignee: { id: r.assignee_user_id, name: r.assignee_name },
          due: r.due_at?.toISOString() ?? null,
          overdue: open && r.due_at !== null && r.due_at < now,
          created: r.created_at.toISOString(),
          completed: r.completed_at?.toISOString() ?? null,
        };
      });
      return c.json({ content, totalElements } satisfies WorkflowTaskPage);
    },
  }),
];
