import type { RouteDef } from '../../http/route.ts';
import { leadSupplierCoverageRoutes } from './lead-supplier-coverage.ts';
import { leadStatsApiRoutes } from './leadstats.ts';

/** /leads-api: lead stats against the quarterly cap, lead supplier ZIP coverage and limits. */
export const leadsApiRoutes: RouteDef[] = [...leadStatsApiRoutes, ...leadSupplierCoverageRoutes];
