import { BRAND } from '../../src/lib/brand.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import type { AppContext } from '../http/route.ts';
import { sendEmail, sendSms, type MessageOptions } from './outbox.ts';
import { limitWait, lockKeys, recordEvent, type Limit } from './rate-limit.ts';

// Mail and texts a signed-in user makes the platform send (invitations to the console, invitations to
// join a brokerage as an agent, their resends, the notice to an address that already has an account):
// one limiter for all of them (docs/security.md "Messages sent on a user's behalf").
// Counted per sender (the person signed in, also while impersonating), per sending organisation, per
// recipient and sending organisation (one brokerage's mail never blocks another's invitation), and per
// recipient over all (a higher cap), in the
// database so every API process sees the same counts; past a limit, 429 with Retry-After and nothing
// of the request is written (the check runs inside the request's transaction, before the send).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The limits: per sender, per sending organisation, per recipient address and organisation, per address. */
export const ON_BEHALF_LIMITS = {
  /** A sender: 30 messages an hour and 100 a day (a brokerage inviting its team in one sitting stays under). */
  sender: [
    { max: 30, windowMs: HOUR },
    { max: 100, windowMs: DAY },
  ],
  /**
   * A sending organisation (a brokerage, a loan office, the platform's staff), all its people together:
   * an administrator who mints more administrator accounts does not mint more mail.
   */
  organisation: [
    { max: 50, windowMs: HOUR },
    { max: 200, windowMs: DAY },
  ],
  /** A recipient, from one sending organisation: 3 messages a day (an invitation and two resends). */
  recipient: [{ max: 3, windowMs: DAY }],
  /** A recipient from every organisation together: a higher cap, so no address is mailed without end. */
  recipientAll: [{ max: 10, windowMs: DAY }],
} as const;

/** The refusals: each speaks of the caller's own sending, never of what others sent. */
export const ON_BEHALF_REFUSALS = {
  sender: 'You have sent too many messages. Try again later.',
  organisation: 'Your organisation has sent too many messages. Try again later.',
  recipient: 'You have sent this address as many messages as it may receive today. Try again later.',
  recipientAll: 'This address cannot be sent more messages today. Try again later.',
} as const;

/** The longest text of a sender's own that a message carries (a name they typed). */
export const SENDER_TEXT_MAX = 60;

/**
 * Text a sender typed, made safe to put in a message: one line of plain text (control and format
 * characters, which includes newlines and bidirectional overrides, become spaces), at most
 * SENDER_TEXT_MAX characters, and nothing a mail client turns into a link (a scheme, "www." or a
 * dotted host name get their dots and colons bracketed).
 */
export function senderText(text: string | null | undefined, max = SENDER_TEXT_MAX): string {
  let s = (text ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if ([...s].length > max)
    s = `${[...s]
      .slice(0, max - 1)
      .join('')
      .trimEnd()}…`;
  return s
    .replace(/:\/\//g, '[:]//')
    .replace(/\b(www)\./gi, '$1[.]')
    .replace(/([\p{L}\p{N}-])\.(?=[\p{L}\p{N}-]{2,})/gu, '$1[.]');
}

export interface OnBehalfMessage {
  channel: 'EMAIL' | 'SMS';
  to: string;
  subject?: string;
  /** The platform's words, with the sender's own text already passed through senderText. */
  body: string;
  /** The message's kind and expiry (the Messages screen's filter, its place in the queue); a notice when unset. */
  options?: MessageOptions;
}

const normalise = (address: string) => address.trim().toLowerCase();

async function consumeIn(trx: Db, limits: readonly Limit[], now: Date, message: string): Promise<void> {
  let wait = 0;
  for (const limit of limits) wait = Math.max(wait, await limitWait(trx, limit, now));
  if (wait > 0) throw new HttpError(429, message, undefined, { 'Retry-After': String(wait) });
}

/** Who sent it, as the message tells its reader: the signed-in person, never a name the caller typed. */
async function signature(db: Db, c: AppContext): Promise<string> {
  const { actor, user } = c.get('auth');
  const who = [actor.firstName, actor.lastName].filter(Boolean).join(' ') || actor.email || actor.phone || 'a user';
  let org: string | undefined;
  if (user.brokerId !== null) {
    org = (await db.selectFrom('brokerages').select('name').where('id', '=', user.brokerId).executeTakeFirst())?.name;
  } else if (user.loanOfficeId !== null) {
    org = (await db.selectFrom('loan_offices').select('name').where('id', '=', user.loanOfficeId).executeTakeFirst())
      ?.name;
  }
  return (
    `Sent by ${senderText(who)}${actor.email ? ` <${actor.email}>` : ''}${org ? ` of ${senderText(org, 120)}` : ''} through ${BRAND.name}. ` +
    'Names in this message were typed by the sender.'
  );
}

/**
 * Sends a message on the signed-in user's behalf through the outbox, after counting it against the
 * sender's and the recipient's limits (429 with Retry-After past either). Call it inside the
 * request's transaction so a refusal writes nothing.
 */
export async function sendOnBehalf(db: Db, c: AppContext, m: OnBehalfMessage): Promise<void> {
  const send = async (trx: Db) => {
    const now = c.get('now')();
    const { user, actor } = c.get('auth');
    // The organisation sending: the effective user's (a staff member impersonating an administrator sends as that brokerage).
    const organisation =
      user.brokerId !== null
        ? `brokerage-${user.brokerId}`
        : user.loanOfficeId !== null
          ? `loan-office-${user.loanOfficeId}`
          : 'platform';
    const address = `${m.channel}:${normalise(m.to)}`;
    const scopes = {
      sender: `on-behalf-sender:${actor.id}`,
      organisation: `on-behalf-organisation:${organisation}`,
      recipient: `on-behalf-recipient:${organisation}:${address}`,
      recipientAll: `on-behalf-recipient-all:${address}`,
    };
    await lockKeys(trx, Object.values(scopes));
    for (const kind of ['sender', 'organisation', 'recipient', 'recipientAll'] as const) {
      await consumeIn(
        trx,
        ON_BEHALF_LIMITS[kind].map((l) => ({ scope: scopes[kind], ...l })),
        now,
        ON_BEHALF_REFUSALS[kind],
      );
    }
    for (const scope of Object.values(scopes)) await recordEvent(trx, scope, now);
    const body = `${m.body}\n\n--\n${await signature(trx, c)}`;
    if (m.channel === 'EMAIL') await sendEmail(trx, m.to, m.subject ?? BRAND.name, body, now, m.options);
    else await sendSms(trx, m.to, body, now, m.options);
  };
  if (db.isTransaction) await send(db);
  else await db.transaction().execute(send);
}
