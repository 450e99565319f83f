import * as v from 'valibot';

import { AccountEmail, PasswordResetRequest, type ContactInfoAvailability } from '../../../src/contract/users.ts';
import { BRAND } from '../../../src/lib/brand.ts';
import { CODE_TTL_MS, openCode } from '../../auth/invites.ts';
import { registerLink, sendEmail } from '../../auth/outbox.ts';
import { clientAddress, consumeLimit, limitWait, recordEvent } from '../../auth/rate-limit.ts';
import { normaliseIdentifier } from '../../auth/users.ts';
import { badRequest } from '../../http/errors.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { jsonBody, query } from '../../http/validate.ts';

const HOUR_MS = 3600_000;
// Longer than the work for a known address takes, even on a busy machine (about 10 ms here).
export const RESET_ANSWER_FLOOR_MS = 250;
// Reset emails: 3 per address per hour and 10 per caller per hour; beyond that the answer is
// the same 204 and nothing is sent, so the limit reveals nothing either.
const PER_EMAIL = { max: 3, windowMs: HOUR_MS };
const PER_CALLER = { max: 10, windowMs: HOUR_MS };
// Contact checks tell whether an address is taken, so they are throttled per caller (429).
const CHECKS = { max: 30, windowMs: 5 * 60_000 };

// The Forgot Password form checks with the same contract rule (src/contract/users.ts).
const ResetBody = PasswordResetRequest;
const ContactQuery = v.object({
  email: v.optional(AccountEmail),
  phone: v.optional(v.pipe(v.string(), v.maxLength(40), v.regex(/^\+?[\d\s().-]{10,}$/, 'Invalid phone number.'))),
});

export const passwordResetRoutes: RouteDef[] = [
  route({
    method: 'POST',
    path: '/users-api/users/passwordReset',
    policy: 'public',
    handler: async (c) => {
      const started = performance.now();
      const { emailAddress } = await jsonBody(c, ResetBody);
      // Known and unknown addresses answer after the same time: the work for a known one (a code,
      // an email) is hidden under a fixed floor, so the answer's timing tells nothing either.
      const answer = async () => {
        const left = RESET_ANSWER_FLOOR_MS - (performance.now() - started);
        if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
        return c.body(null, 204);
      };
      const db = c.get('db');
      const now = c.get('now')();
      const perEmail = { scope: `reset-email:${emailAddress}`, ...PER_EMAIL };
      const perCaller = { scope: `reset-caller:${clientAddress(c)}`, ...PER_CALLER };
      if ((await limitWait(db, perCaller, now)) > 0 || (await limitWait(db, perEmail, now)) > 0) return answer();
      await recordEvent(db, perCaller.scope, now);
      const user = await db
        .selectFrom('users')
        .select(['id', 'first_name'])
        .where('email', '=', emailAddress)
        .where('status', '=', 'ACTIVE')
        .executeTakeFirst();
      if (!user) return answer();
      await db.transaction().execute(async (trx) => {
        const { code } = await openCode(trx, { userId: user.id, kind: 'RESET', createdBy: null, now });
        const body = [
          `Hello${user.first_name ? ` ${user.first_name}` : ''},`,
          '',
          `Someone asked to reset the password of your ${BRAND.name} account. To choose a new password, open:`,
          registerLink(c, code),
          '',
          `The link works once and expires in ${CODE_TTL_MS.RESET / HOUR_MS} hours. If you did not ask for this, ignore this email.`,
        ].join('\n');
        await sendEmail(trx, emailAddress, `Reset your ${BRAND.name} password`, body, now, { kind: 'reset' });
        await recordEvent(trx, perEmail.scope, now);
      });
      return answer();
    },
  }),
  route({
    method: 'GET',
    path: '/users-api/users/checkContactInfo',
    policy: 'public',
    handler: async (c) => {
      const db = c.get('db');
      const now = c.get('now')();
      // Every check counts, in one locked step with the limit (parallel checks cannot slip past it).
      await consumeLimit(
        db,
        { scope: `contact-check:${clientAddress(c)}`, ...CHECKS },
        now,
        'Too many checks. Try again later.',
      );
      const q = query(c, ContactQuery);
      if ((q.email === undefined) === (q.phone === undefined))
        throw badRequest('Give either email or phone', { _: 'Give either email or phone' });
      const id = q.phone !== undefined ? normaliseIdentifier(q.phone) : { email: q.email ?? '' };
      if (!id) throw badRequest('Invalid phone number.', { phone: 'Invalid phone number.' });
      const taken =
        'email' in id
          ? await db.selectFrom('users').select('id').where('email', '=', id.email).executeTakeFirst()
          : await db.selectFrom('users').select('id').where('phone', '=', id.phone).executeTakeFirst();
      return c.json({ available: !taken } satisfies ContactInfoAvailability);
    },
  }),
];
