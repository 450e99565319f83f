import { EmailInquirySchema } from '../../src/api/schemas/dashboard.ts';
import { forbidden } from '../http/errors.ts';
import { route, type RouteDef } from '../http/route.ts';
import { jsonBody } from '../http/validate.ts';
import { DASHBOARD_READERS } from './dashboard-scope.ts';

/** Spec 2 sections 6 and 8: the refusal text, verbatim. */
export const IMPERSONATION_REFUSAL = 'Email not sent due to impersonation.';

export const dashboardEmailRoutes: RouteDef[] = [
  route({
    // The contact-sales inquiry. Everyone who sees the overview reaches the handler so that anyone but
    // a brokerage admin acting as themself gets the spec's refusal rather than a bare 403.
    method: 'POST', path: '/agents-api/email', policy: [...DASHBOARD_READERS, 'LOAN_OFFICE_ADMIN'],
    handler: async (c) => {
      const { user, actor, impersonating } = c.var.auth;
      if (impersonating || !user.roles.includes('BROKERAGE_ADMIN')) throw forbidden(IMPERSONATION_REFUSAL);
      const body = await jsonBody(c, EmailInquirySchema);
      const recipients = [...new Set([...body.toAddresses, ...body.bccAddresses].map((a) => a.toLowerCase()))];
      const now = c.var.now();
      await c.var.db.transaction().execute(async (trx) => {
        await trx.insertInto('outbox').values(recipients.map((recipient) => ({
          channel: 'EMAIL' as const, recipient, subject: body.subject, body: body.messageBody, created_at: now,
        }))).execute();
        await trx.insertInto('audit_log').values({
          actor_user_id: actor.id, as_user_id: null, action: 'CONTACT_SALES_EMAIL',
          detail: `from ${body.fromAddress} to ${recipients.join(', ')}`, created_at: now,
        }).execute();
      });
      return c.json({ queued: recipients.length }, 201);
    },
  }),
];
