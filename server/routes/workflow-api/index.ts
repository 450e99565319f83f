import type { RouteDef } from '../../http/route.ts';
import { workflowTaskRoutes } from './tasks.ts';

/** /workflow-api: the workflow tasks opportunities wait on (issue 17). */
export const workflowApiRoutes: RouteDef[] = [
  ...workflowTaskRoutes,
];
