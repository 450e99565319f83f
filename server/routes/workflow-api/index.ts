import type { RouteDef } from '../../http/route.ts';
import { workflowTaskRoutes } from './tasks.ts';

/** /workflow-api: the workflow tasks opportunities wait on. */
export const workflowApiRoutes: RouteDef[] = [...workflowTaskRoutes];
