import { CONSOLE_ROLES } from '../../../src/access/roles.ts';
import { EmailInquiry, type EmailSent } from '../../../src/contract/agents.ts';
import { personName } from '../../../src/lib/format.ts';
import { sendEmail } from '../../auth/outbox.ts';
import { consumeLimit } from '../../auth/rate-limit.ts';
import { forbidden } from '../../http/errors.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { jsonBody } from '../../http/validate.ts';

// A broker admin writes to sales a few times a day at most; 5 an hour stops a relay or a loop.
const INQUIRY_LIMIT = { max: 5, windowMs: 3600_000 };

/** Spec 2 sections 6 and 8: the refusal text, verbatim. */
export const IMPERSONATION_REFUSAL = 'Email not sent due to impersonation.';

export const dashboardEmailRoutes: RouteDef[] = [
  route({
    // The contact-sales inquiry. Everyone who sees the overview reaches the handler so that anyone but
    // a brokerage admin acting as themself gets the spec's refusal rather than a bare 403.
    method: 'POST',
    path: '/agents-api/email',
    policy: CONSOLE_ROLES,
    handler: async (c) => {
      const { user, actor, impersonating } = c.get('auth');
      if (impersonating || !user.roles.includes('BROKERAGE_ADMIN')) throw forbidden(IMPERSONATION_REFUSAL);
      const body = await jsonBody(c, EmailInquiry);
      const now = c.get('now')();
      // The payload's addresses (spec 2) are not trusted: the inquiry goes to the provider's sales
      // inbox only, from the signed-in user's own address, so the endpoint relays nothing elsewhere.
      const recipient = c.get('config').salesEmail;
      const from = user.email ?? user.phone ?? `user ${user.id}`;
      const name = personName(user.firstName, user.lastName, '');
      const text = [
        `From: ${name ? `${name} <${from}>` : from} (user ${user.id}, brokerage ${user.brokerId ?? '-'})`,
        '',
        body.messageBody,
      ].join('\n');
      await consumeLimit(
        c.get('db'),
        { scope: `sales-inquiry:${actor.id}`, ...INQUIRY_LIMIT },
        now,
        'Too many messages to sales. Try again later.',
      );
      await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          await sendEmail(trx, recipient, body.subject, text, now);
          await trx
            .insertInto('audit_log')
            .values({
              actor_user_id: actor.id,
              as_user_id: null,
              action: 'CONTACT_SALES_EMAIL',
              detail: `from ${from} to ${recipient}`,
              created_at: now,
            })
            .execute();
        });
      return c.json({ queued: 1 } satisfies EmailSent, 201);
    },
  }),
];
