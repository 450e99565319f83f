import * as v from 'valibot';

import { OUTREACH_MANAGER_ROLES, OUTREACH_READER_ROLES } from '../../../src/access/roles.ts';
import type { Page } from '../../../src/contract/common.ts';
import { TASK_CHANNELS, TASK_SID, TASK_STATUSES, type TwilioTask } from '../../../src/contract/contact-center.ts';
import { taskProvider } from '../../contact-center/twilio-tasks.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { isProviderUser, notYoursError } from '../../http/ownership.ts';
import { BoolParam, Sort } from '../../http/paging.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { Paging, params, query } from '../../http/validate.ts';

// The contact center's Twilio task proxy (spec 2 section 7: GET and DELETE
// /contact-center-api/proxy/twilio-api/tasks[/{id}]), over the provider of
// server/contact-center/twilio-tasks.ts. Route twilio-tasks of spec 1 section 6: the list admits
// ADMIN, AGENT_ENGAGEMENT, BROKERAGE_ADMIN and CSR_VIEW_OPPORTUNITIES (a brokerage admin sees their
// brokerage's tasks only); deleting a task is for the parent roles ADMIN and AGENT_ENGAGEMENT.

const PATH = '/contact-center-api/proxy/twilio-api/tasks';

const TaskQuery = v.object({
  ...Paging,
  status: v.optional(v.picklist(TASK_STATUSES, `status must be one of ${TASK_STATUSES.join(', ')}`)),
  channel: v.optional(v.picklist(TASK_CHANNELS, `channel must be one of ${TASK_CHANNELS.join(', ')}`)),
  stuck: BoolParam,
  sort: Sort(['age'], 'age,DESC'),
});
const SidParams = v.object({ sid: v.pipe(v.string(), v.regex(TASK_SID, 'must be a task sid (WT and 32 hex digits)')) });

/** A brokerage admin's scope: their brokerage; provider staff see every task. */
function scopeOf(c: AppContext): number | null {
  const user = c.get('auth').user;
  if (isProviderUser(user)) return null;
  if (user.brokerId === null) throw forbidden('You have no brokerage');
  return user.brokerId;
}

export const twilioTaskRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: PATH,
    policy: OUTREACH_READER_ROLES,
    handler: async (c) => {
      const q = query(c, TaskQuery);
      const now = c.get('now')();
      // Oldest first is age descending.
      const { rows, total } = await taskProvider().list(c.get('db'), {
        brokerageId: scopeOf(c),
        status: q.status,
        channel: q.channel,
        stuck: q.stuck === undefined ? undefined : q.stuck === 'true',
        sortDesc: !q.sort.desc,
        pageIndex: q.pageIndex,
        pageSize: q.pageSize,
        now,
      });
      const content = rows.map((t): TwilioTask => ({
        sid: t.sid,
        status: t.status,
        channel: t.channel,
        queue: t.queue,
        created: t.created.toISOString(),
        ageSeconds: Math.max(0, Math.floor((now.getTime() - t.created.getTime()) / 1000)),
        stuck: t.stuck,
        assignee: t.assigneeId === null ? null : { id: t.assigneeId, name: t.assigneeName },
        opportunityId: t.opportunityId,
        clientName: [t.clientFirst, t.clientLast].filter(Boolean).join(' ') || null,
        brokerageName: t.brokerageName,
      }));
      return c.json({ content, totalElements: total } satisfies Page<TwilioTask>);
    },
  }),
  route({
    method: 'DELETE',
    path: `${PATH}/:sid`,
    policy: OUTREACH_MANAGER_ROLES,
    handler: async (c) => {
      const { sid } = params(c, SidParams);
      const provider = taskProvider();
      const owner = await provider.owner(c.get('db'), sid);
      if (!owner) throw notFound('No such task');
      const scope = scopeOf(c);
      if (scope !== null && owner.brokerageId !== scope) throw notYoursError();
      if (!(await provider.remove(c.get('db'), sid))) throw notFound('No such task');
      return c.body(null, 204);
    },
  }),
];
