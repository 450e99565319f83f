import { codePage, errorPage, phonePage } from '../../auth/authorize-page.ts';
import { checkAuthorizeRequest } from '../../auth/authorize-request.ts';
import { startChallenge, verifyChallenge } from '../../auth/otp.ts';
import { clientAddress } from '../../auth/rate-limit.ts';
import { normaliseIdentifier } from '../../auth/users.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';

const PATH = '/auth/oauth2.0/authorize';

async function formFields(c: AppContext): Promise<Record<string, string>> {
  const raw = await c.req.parseBody().catch(() => ({}));
  return Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export const authorizeRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: PATH,
    policy: 'public',
    handler: (c) => {
      const checked = checkAuthorizeRequest(c.req.query(), c.get('config').agentHosts, c.get('config').demoMode);
      if (!checked.ok) return c.html(errorPage(checked.message), 400);
      return c.html(phonePage(checked.request));
    },
  }),
  route({
    method: 'POST',
    path: PATH,
    policy: 'public',
    handler: async (c) => {
      const form = await formFields(c);
      const db = c.get('db');
      // A code's life and its throttles run on the process's clock, which a demo clock never moves.
      const now = c.get('clock')();
      if (form['step'] === 'code') {
        const result = await verifyChallenge(db, form['otp_ref'] ?? '', (form['code'] ?? '').trim().slice(0, 20), now);
        if (result.ok) return c.redirect(result.location, 302);
        if (result.reason === 'unknown')
          return c.html(errorPage('This sign-in page has expired. Start again from the login page.'), 400);
        if (result.reason === 'throttled') {
          c.header('Retry-After', String(result.retryAfter));
          return c.html(errorPage('Too many attempts. Try again later.', result.request), 429);
        }
        if (result.reason === 'dead')
          return c.html(errorPage('This code has expired or was used. Send a new code.', result.request), 400);
        return c.html(
          codePage(result.request, form['otp_ref'] ?? '', {
            error: 'That code is not correct.',
            attemptsLeft: result.attemptsLeft,
          }),
          400,
        );
      }
      const checked = checkAuthorizeRequest(form, c.get('config').agentHosts, c.get('config').demoMode);
      if (!checked.ok) return c.html(errorPage(checked.message), 400);
      const typed = (form['phone'] ?? '').trim().slice(0, 40);
      if (!typed) return c.html(phonePage(checked.request, { error: 'Phone number is required' }), 400);
      const id = typed.includes('@') ? undefined : normaliseIdentifier(typed);
      if (!id || !('phone' in id)) {
        return c.html(phonePage(checked.request, { error: 'Invalid phone number.', phone: typed }), 400);
      }
      const ref = await startChallenge(db, checked.request, id.phone, clientAddress(c), now);
      return c.html(codePage(checked.request, ref));
    },
  }),
];
