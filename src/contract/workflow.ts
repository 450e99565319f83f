import * as v from 'valibot';

import { Count, IsoTime, paged } from './common.ts';

// GET /workflow-api/tasks (spec 2 section 7 "Workflow"): the workflow tasks an opportunity waits on.
// Query: opportunityId, status (comma list of WORKFLOW_TASK_STATUSES; default every
// status), pageIndex, pageSize (default 10). Open tasks first by due time, then finished ones, newest first.

export const WORKFLOW_TASK_STATUSES = ['OPEN', 'IN_PROGRESS', 'DONE', 'CANCELLED'] as const;

export const WorkflowTask = v.object({
  id: Count,
  opportunityId: Count,
  type: v.string(),
  name: v.string(),
  status: v.picklist(WORKFLOW_TASK_STATUSES),
  assignee: v.object({ id: v.nullable(Count), name: v.nullable(v.string()) }),
  due: v.nullable(IsoTime),
  /** Open and past its due time. */
  overdue: v.boolean(),
  created: IsoTime,
  completed: v.nullable(IsoTime),
});
export type WorkflowTask = v.InferOutput<typeof WorkflowTask>;
export const WorkflowTaskPage = paged(WorkflowTask);
export type WorkflowTaskPage = v.InferOutput<typeof WorkflowTaskPage>;
