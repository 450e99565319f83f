import * as v from 'valibot';

import type { ConnectorConnection, ConnectorStart } from '../../../src/contract/users.ts';
import { escapeHtml, htmlPage } from '../../auth/html.ts';
import { publicOrigin } from '../../auth/outbox.ts';
import { newSecret } from '../../auth/secrets.ts';
import { sha256 } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { query } from '../../http/validate.ts';

const PROVIDER = 'cloze';
const STATE_TTL_MS = 10 * 60_000; // the user has 10 minutes to allow access on the provider's page
const STAND_IN_PATH = '/dev/cloze/authorize';

/**
 * The one place a real Cloze OAuth client plugs in (docs/spec/DECISIONS.md, stand-ins at the boundary):
 * where the user is sent to allow access. The reference API cannot reach Cloze, so the stand-in
 * is a consent page on this server that hands back a code for the state; a real client would
 * use Cloze's authorise URL here and exchange the code with Cloze in the callback.
 */
const clozeAuthorizeUrl = (c: AppContext, state: string) =>
  `${publicOrigin(c)}${STAND_IN_PATH}?state=${encodeURIComponent(state)}`;

const Secret = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const CallbackQuery = v.object({ code: Secret, state: Secret });

/** An issued state that may still be used (not spent, not expired). */
const openState = (db: Db, state: string, now: Date) =>
  db
    .selectFrom('connector_states')
    .selectAll()
    .where('state_hash', '=', sha256(state))
    .where('provider', '=', PROVIDER)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();

const withParams = (uri: string, params: Record<string, string>) =>
  `${uri}${uri.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}`;

const standInPage = (state: string, cancel: string) =>
  htmlPage(
    'Connect Cloze',
    `
<h1>Connect Cloze</h1>
<p>Allow Porchlight to use your Cloze email and calendar? (This page stands in for Cloze's own sign-in.)</p>
<form method="post" action="${STAND_IN_PATH}">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<button type="submit">Allow</button>
</form>
<p><a href="${escapeHtml(cancel)}">Cancel</a></p>`,
  );

const EXPIRED_PAGE = htmlPage(
  'Connect Cloze',
  '<h1>Connect Cloze</h1><p class="error" role="alert">This link has expired. Start again from Porchlight.</p>',
);

export const connectorRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/users-api/oauth-connectors/cloze',
    policy: 'signed-in',
    handler: async (c) => {
      // Only the demo has a connector (the stand-in); a real Cloze client plugs in at clozeAuthorizeUrl.
      if (!c.get('config').demoMode) throw new HttpError(503, 'The Cloze connector is not configured on this server');
      const state = newSecret();
      const now = c.get('now')();
      await c
        .get('db')
        .insertInto('connector_states')
        .values({
          state_hash: sha256(state),
          user_id: c.get('auth').user.id,
          provider: PROVIDER,
          redirect_uri: `${publicOrigin(c)}/cloze`,
          expires_at: new Date(now.getTime() + STATE_TTL_MS),
          created_at: now,
        })
        .execute();
      return c.json({ authorizeUrl: clozeAuthorizeUrl(c, state), state } satisfies ConnectorStart);
    },
  }),
  route({
    method: 'GET',
    path: STAND_IN_PATH,
    policy: 'public',
    demoOnly: true,
    handler: async (c) => {
      const state = c.req.query('state') ?? '';
      const row = state ? await openState(c.get('db'), state, c.get('now')()) : undefined;
      if (!row) return c.html(EXPIRED_PAGE, 400);
      return c.html(standInPage(state, withParams(row.redirect_uri, { error: 'access_denied', state })));
    },
  }),
  route({
    method: 'POST',
    path: STAND_IN_PATH,
    policy: 'public',
    demoOnly: true,
    handler: async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const state = typeof form['state'] === 'string' ? form['state'] : '';
      const row = state ? await openState(c.get('db'), state, c.get('now')()) : undefined;
      if (!row) return c.html(EXPIRED_PAGE, 400);
      const code = newSecret();
      await c
        .get('db')
        .updateTable('connector_states')
        .set({ code_hash: sha256(code) })
        .where('id', '=', row.id)
        .execute();
      return c.redirect(withParams(row.redirect_uri, { code, state }), 302);
    },
  }),
  route({
    method: 'GET',
    path: '/users-api/oauth-connectors/cloze/callback',
    policy: 'signed-in',
    handler: async (c) => {
      const { code, state } = query(c, CallbackQuery);
      const now = c.get('now')();
      const userId = c.get('auth').user.id;
      const connected = await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          // The state must be one this user was issued, still open, and the code the one handed out for it.
          const spent = await trx
            .updateTable('connector_states')
            .set({ used_at: now })
            .where('state_hash', '=', sha256(state))
            .where('provider', '=', PROVIDER)
            .where('user_id', '=', userId)
            .where('used_at', 'is', null)
            .where('expires_at', '>', now)
            .where('code_hash', '=', sha256(code))
            .returning('id')
            .executeTakeFirst();
          if (!spent) return false;
          await trx
            .insertInto('connector_connections')
            .values({ user_id: userId, provider: PROVIDER, connected_at: now })
            .onConflict((oc) => oc.columns(['user_id', 'provider']).doUpdateSet({ connected_at: now }))
            .execute();
          return true;
        });
      if (!connected) throw badRequest('The Cloze sign-in could not be verified. Start again.');
      return c.json({
        provider: PROVIDER,
        connected: true,
        connectedAt: now.toISOString(),
      } satisfies ConnectorConnection);
    },
  }),
];
