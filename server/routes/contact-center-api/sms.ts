import * as v from 'valibot';

import { BRAND } from '../../../src/lib/brand.ts';
import { isOptOut, smsNumber } from '../../../src/lib/sms.ts';
import { sendSms } from '../../auth/outbox.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { formBody } from '../../http/validate.ts';

// POST /contact-center-api/sms: the SMS stand-in's inbound side (docs/spec/DECISIONS.md: stand-ins at the
// boundary). A reply to a Porchlight text arrives here, form-encoded with a provider's webhook
// field names (From, Body). An opt-out keyword (STOP, UNSUBSCRIBE, END, QUIT, STOPALL, REVOKE,
// OPTOUT, CANCEL) puts the number on the DNC list at once, so the next pre-flight suppresses it,
// and sends the one confirmation carriers expect. Demo only: a real provider plugs in here, with
// its webhook signature checked before the body is read.
const Inbound = v.object({
  From: v.pipe(
    v.string('From is required'),
    v.trim(),
    v.maxLength(40),
    v.check((s) => smsNumber(s) !== null, 'Invalid phone number.'),
  ),
  Body: v.pipe(v.string('Body is required'), v.maxLength(1600)),
});

export const inboundSmsRoutes: RouteDef[] = [
  route({
    method: 'POST',
    path: '/contact-center-api/sms',
    policy: 'public',
    demoOnly: true,
    handler: async (c) => {
      const msg = await formBody(c, Inbound);
      const from = smsNumber(msg.From) ?? msg.From;
      if (!isOptOut(msg.Body)) return c.json({ optedOut: false });
      const now = c.get('now')();
      await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const added = await trx
            .insertInto('dnc_contacts')
            .values({
              type: 'PHONE',
              value: from,
              owner_type: BRAND.code,
              channel: 'SMS',
              disposition: 'Opted out (STOP reply)',
              blocked: false,
              created: now,
            })
            .onConflict((oc) => oc.columns(['type', 'value']).doNothing())
            .returning('id')
            .executeTakeFirst();
          await trx
            .insertInto('audit_log')
            .values({
              actor_user_id: null,
              as_user_id: null,
              action: 'SMS_OPT_OUT',
              detail: `${from} replied ${msg.Body.trim().slice(0, 20)}${added ? '' : ' (already on the DNC list)'}`,
              created_at: now,
            })
            .execute();
          if (added)
            await sendSms(trx, from, `${BRAND.name}: you are unsubscribed and will get no more texts from us.`, now, {
              kind: 'reply',
            });
        });
      return c.json({ optedOut: true });
    },
  }),
];
