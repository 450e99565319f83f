import type { RouteDef } from '../http/route.ts';
import { authorizeRoutes } from './authorize.ts';
import { inviteRoutes } from './invites.ts';
import { outboxRoutes } from './outbox.ts';
import { passwordResetRoutes } from './password-reset.ts';

/** Getting in (issue 3): invites, password reset, the one-time-password page and grants, the outbox. */
export const authFlowRoutes: RouteDef[] = [
  ...inviteRoutes,
  ...passwordResetRoutes,
  ...authorizeRoutes,
  ...outboxRoutes,
];
