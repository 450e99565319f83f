import * as v from 'valibot';

import { BRAND } from '../../../src/lib/brand.ts';
import { smsNumber } from '../../../src/lib/sms.ts';
import { sendSms } from '../../auth/outbox.ts';
import { errorBody } from '../../http/errors.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { formBody } from '../../http/validate.ts';
import { INBOUND_BLOCK, INBOUND_BLOCKS } from '../../messages/dnc.ts';
import { inboundUrl, statusCallbackUrl, validTwilioSignature } from '../../messages/twilio.ts';

// Twilio's webhooks: delivery statuses of the texts the relay sent, and replies. Each request is
// signed (X-Twilio-Signature) with the account's auth token over the webhook's configured public
// URL: anything else is answered 403 before the body is used, and changes nothing.

/** The words carriers and Twilio treat as an opt-out, and as lifting it. */
export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const START_WORDS = ['START', 'UNSTOP'] as const;
export const HELP_WORDS = ['HELP', 'INFO'] as const;

const keyword = (body: string) =>
  body
    .trim()
    .toUpperCase()
    .replace(/[^A-Z]/g, '');

const StatusCallback = v.object({
  MessageSid: v.pipe(
    v.string('MessageSid is required'),
    v.regex(/^(SM|MM)[0-9a-fA-F]{32}$/, 'MessageSid is not a message SID'),
  ),
  MessageStatus: v.pipe(v.string('MessageStatus is required'), v.maxLength(40)),
  ErrorCode: v.optional(v.pipe(v.string(), v.maxLength(10))),
});

const Inbound = v.object({
  From: v.pipe(v.string('From is required'), v.trim(), v.maxLength(40), v.minLength(1, 'From is required')),
  Body: v.optional(v.pipe(v.string(), v.maxLength(1600)), ''),
});

/** The form parameters when the signature holds for this webhook's public URL; undefined otherwise. */
async function signedParams(
  c: AppContext,
  url: (origin: string) => string,
): Promise<Record<string, string> | undefined> {
  const twilio = c.get('config').twilio;
  if (!twilio) return undefined;
  let params: Record<string, string>;
  try {
    params = Object.fromEntries(new URLSearchParams(await c.req.text()));
  } catch {
    return undefined;
  }
  return validTwilioSignature(
    twilio.authToken,
    url(c.get('config').publicOrigin),
    params,
    c.req.header('X-Twilio-Signature'),
  )
    ? params
    : undefined;
}

const refused = (c: AppContext) => c.json(errorBody(403, 'The request is not signed by Twilio'), 403);
const emptyTwiml = (c: AppContext) =>
  c.body('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', 200, { 'Content-Type': 'text/xml' });

/** Twilio's statuses that end a text's journey, as the outbox records them. */
const FINAL: Record<string, 'delivered' | 'undelivered' | 'failed'> = {
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
};

export const twilioWebhookRoutes: RouteDef[] = [
  route({
    method: 'POST',
    path: '/webhooks/twilio/status',
    policy: 'public',
    handler: async (c) => {
      if (!(await signedParams(c, statusCallbackUrl))) return refused(c);
      const cb = await formBody(c, StatusCallback);
      const status = FINAL[cb.MessageStatus];
      if (status) {
        // A late 'delivered' after 'failed' is not taken back; a final status replaces sent/sending.
        await c
          .get('db')
          .updateTable('outbox')
          .set({
            status,
            updated_at: c.get('now')(),
            ...(cb.ErrorCode ? { last_error: `Twilio error ${cb.ErrorCode}` } : {}),
          })
          .where('provider_id', '=', cb.MessageSid)
          .where('channel', '=', 'SMS')
          .where('status', 'in', ['sending', 'sent'])
          .execute();
      }
      return c.body(null, 204);
    },
  }),
  route({
    method: 'POST',
    path: '/webhooks/twilio/inbound',
    policy: 'public',
    handler: async (c) => {
      if (!(await signedParams(c, inboundUrl))) return refused(c);
      const msg = await formBody(c, Inbound);
      const from = smsNumber(msg.From) ?? msg.From;
      const word = keyword(msg.Body);
      const now = c.get('now')();
      const db = c.get('db');
      if ((STOP_WORDS as readonly string[]).includes(word)) {
        // Twilio confirms an opt-out itself (and refuses texts to the number from then on).
        await db.transaction().execute(async (trx) => {
          const existing = await trx
            .selectFrom('dnc_contacts')
            .select(['id', 'disposition'])
            .where('type', '=', 'PHONE')
            .where('value', '=', from)
            .executeTakeFirst();
          if (!existing) {
            await trx
              .insertInto('dnc_contacts')
              .values({
                type: 'PHONE',
                value: from,
                owner_type: BRAND.code,
                channel: 'SMS',
                disposition: INBOUND_BLOCK,
                blocked: true,
                created: now,
              })
              .execute();
          } else if (!INBOUND_BLOCKS.includes(existing.disposition ?? '')) {
            // Already on the list for another reason: the reply makes it an inbound block as well.
            await trx
              .updateTable('dnc_contacts')
              .set({ disposition: INBOUND_BLOCK, blocked: true, channel: 'SMS' })
              .where('id', '=', existing.id)
              .execute();
          }
          await trx
            .insertInto('audit_log')
            .values({
              actor_user_id: null,
              as_user_id: null,
              action: 'SMS_OPT_OUT',
              detail: `${from} replied ${word}`,
              created_at: now,
            })
            .execute();
        });
      } else if ((START_WORDS as readonly string[]).includes(word)) {
        await db.transaction().execute(async (trx) => {
          await trx
            .deleteFrom('dnc_contacts')
            .where('type', '=', 'PHONE')
            .where('value', '=', from)
            .where('disposition', 'in', INBOUND_BLOCKS)
            .execute();
          await trx
            .insertInto('audit_log')
            .values({
              actor_user_id: null,
              as_user_id: null,
              action: 'SMS_OPT_IN',
              detail: `${from} replied ${word}`,
              created_at: now,
            })
            .execute();
        });
      } else if ((HELP_WORDS as readonly string[]).includes(word)) {
        await sendSms(
          db,
          from,
          `${BRAND.name}: for help write to ${c.get('config').salesEmail}. Reply STOP to unsubscribe.`,
          now,
          { kind: 'reply' },
        );
      }
      return emptyTwiml(c);
    },
  }),
];
