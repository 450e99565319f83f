import type { MiddlewareHandler } from 'hono';

import { IMPERSONATOR_ROLES, rolesForClient } from '../../src/access/roles.ts';
import { IMPERSONATION_HEADER } from '../../src/lib/brand.ts';
import type { TokenCache } from '../auth/token-cache.ts';
import { sha256 } from '../auth/tokens.ts';
import { loadAuthUser } from '../auth/users.ts';
import { forbidden, HttpError, unauthorized } from './errors.ts';
import type { AppEnv, Policy } from './route.ts';

/**
 * Runs before every handler: checks the bearer token, applies impersonation, then the route's
 * policy. Nothing of the handler runs for a request that fails any of these.
 */
export function authorize(policy: Policy, tokens: TokenCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (policy === 'public') return next();
    const db = c.get('db');
    const now = c.get('now')();
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized();
    const token = await tokens.lookup(db, sha256(match[1]), now);
    if (!token) throw unauthorized('The access token is invalid or expired');
    const loaded = token.user;
    if (!loaded) throw unauthorized('The account is not active');
    // A token works only with the roles its client is for (an agent-app token is not a staff token).
    const actor = { ...loaded, roles: rolesForClient(loaded.roles, token.clientId) };

    let user = actor;
    const impersonated = c.req.header(IMPERSONATION_HEADER);
    if (impersonated) {
      // A refused attempt is audited as well as an accepted one (who tried, as whom, on what).
      const refuse = async (error: HttpError) => {
        await db
          .insertInto('audit_log')
          .values({
            actor_user_id: actor.id,
            as_user_id: /^\d{1,9}$/.test(impersonated) ? Number(impersonated) : null,
            action: 'IMPERSONATION_REFUSED',
            detail: `${c.req.method} ${new URL(c.req.url).pathname}: ${error.message}`.slice(0, 500),
            created_at: now,
          })
          .execute();
        return error;
      };
      if (!actor.roles.some((r) => IMPERSONATOR_ROLES.includes(r)))
        throw await refuse(forbidden('You may not impersonate'));
      if (!/^\d{1,9}$/.test(impersonated))
        throw await refuse(new HttpError(400, `${IMPERSONATION_HEADER} must be a user id`));
      const loadedTarget = await loadAuthUser(db, Number(impersonated));
      const target = loadedTarget && { ...loadedTarget, roles: rolesForClient(loadedTarget.roles, token.clientId) };
      const isTargetAdmin =
        target &&
        ((target.roles.includes('BROKERAGE_ADMIN') && target.brokerId !== null) ||
          (target.roles.includes('LOAN_OFFICE_ADMIN') && target.loanOfficeId !== null));
      if (!target || !isTargetAdmin)
        throw await refuse(forbidden('Only an active brokerage or loan-office administrator can be impersonated'));
      user = target;
      await db
        .insertInto('audit_log')
        .values({
          actor_user_id: actor.id,
          as_user_id: target.id,
          action: 'IMPERSONATED_REQUEST',
          detail: `${c.req.method} ${new URL(c.req.url).pathname}`,
          created_at: now,
        })
        .execute();
    }

    if (policy !== 'signed-in' && !user.roles.some((r) => policy.includes(r))) throw forbidden();
    c.set('auth', { user, actor, impersonating: user !== actor, clientId: token.clientId });
    return next();
  };
}
