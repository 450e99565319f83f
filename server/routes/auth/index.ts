import type { RouteDef } from '../../http/route.ts';
import { authorizeRoutes } from './authorize.ts';
import { tokenRoutes } from './token.ts';

/** /auth: the token endpoint (its grants are the GRANTS table in ./token.ts), logout, the authorisation page. */
export const authRoutes: RouteDef[] = [...tokenRoutes, ...authorizeRoutes];
