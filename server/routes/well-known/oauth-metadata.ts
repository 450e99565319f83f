import * as v from 'valibot';

import { publicOrigin } from '../../auth/outbox.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { query } from '../../http/validate.ts';

// RFC 8414 takes no parameters; anything else is refused rather than ignored.
const NoQuery = v.strictObject({});

/**
 * RFC 8414 authorization server metadata, so a standard OAuth library can find our endpoints.
 * The issuer is the configured origin of the host asked (PUBLIC_ORIGIN, or AGENT_ORIGIN on an agent
 * host), never the request's Host header: a cached answer must not point clients elsewhere.
 * Registered as an API route, so neither the SPA fallback (server/static.ts) nor the service
 * worker's navigation route (sw/sw.ts) answers it with the console.
 */
export const oauthMetadataRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
    policy: 'public',
    handler: (c) => {
      query(c, NoQuery);
      const issuer = publicOrigin(c);
      c.header('Cache-Control', 'public, max-age=3600');
      return c.json({
        issuer,
        authorization_endpoint: `${issuer}/auth/oauth2.0/authorize`,
        token_endpoint: `${issuer}/auth/oauth2.0/accessToken`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token', 'password'],
        code_challenge_methods_supported: ['S256'],
        // Public clients (the console, the agent app): no client secret, the client id in the form.
        token_endpoint_auth_methods_supported: ['none'],
      });
    },
  }),
];
