import { BRAND } from '../../src/lib/brand.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import type { AppContext } from '../http/route.ts';
import { limitWait, lockKeys, recordEvent, type Limit } from './rate-limit.ts';
import { sendEmail, sendSms } from './outbox.ts';

// Mail and texts a signed-in user makes the platform send (invitations to the console, invitations to
// join a brokerage as an agent, their resends, the notice to an address that already has an account):
// one limiter for all of them (issue 33, finding 1; docs/security.md "Messages sent on a user's behalf").
// Counted per sender (the person signed in, also while impersonating) and per recipient, in the
// database so every API process sees the same counts; past a limit, 429 with Retry-After and nothing
// of the request is written (the check runs inside the request's transaction, before the send).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The limits, per sender and per recipient address. */
export const ON_BEHALF_LIMITS = {
  /** A sender: 30 messages an hour and 100 a day (a brokerage inviting its team in one sitting stays under). */
  sender: [{ max: 30, windowMs: HOUR }, { max: 100, windowMs: DAY }],
  /** A recipient: 3 messages a day from all senders together (an invitation and two resends). */
  recipient: [{ max: 3, windowMs: DAY }],
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
  let s = (text ?? '').normalize('NFC').replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ').replace(/\s+/g, ' ').trim();
  if ([...s].length > max) s = `${[...s].slice(0, max - 1).join('').trimEnd()}…`;
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
}

const normalise = (address: string) => address.trim().toLowerCase();

async function consumeIn(trx: Db, limits: readonly Limit[], now: Date, message: string): Promise<void> {
  let wait = 0;
  for (const limit of limits) wait = Math.max(wait, await limitWait(trx, limit, now));
  if (wait > 0) throw new HttpError(429, message, undefined, { 'Retry-After': String(wait) });
}

/** Who sent it, as the message tells its reader: the signed-in person, never a name the caller typed. */
async function signature(db: Db, c: AppContext): Promise<string> {
  const { actor, user } = c.var.auth;
  const who = [actor.firstName, actor.lastName].filter(Boolean).join(' ') || actor.email || actor.phone || 'a user';
  let org: string | undefined;
  if (user.brokerId !== null) {
    org = (await db.selectFrom('brokerages').select('name').where('id', '=', user.brokerId).executeTakeFirst())?.name;
  } else if (user.loanOfficeId !== null) {
    org = (await db.selectFrom('loan_offices').select('name').where('id', '=', user.loanOfficeId).executeTakeFirst())?.name;
  }
  return `Sent by ${senderText(who)}${actor.email ? ` <${actor.email}>` : ''}${org ? ` of ${senderText(org, 120)}` : ''} through ${BRAND.name}. `
    + 'Names in this message were typed by the sender.';
}

/**
 * Sends a message on the signed-in user's behalf through the outbox, after counting it against the
 * sender's and the recipient's limits (429 with Retry-After past either). Call it inside the
 * request's transaction so a refusal writes nothing.
 */
export async function sendOnBehalf(db: Db, c: AppContext, m: OnBehalfMessage): Promise<void> {
  const send = async (trx: Db) => {
    const now = c.var.now();
    const sender = `on-behalf-sender:${c.var.auth.actor.id}`;
    const recipient = `on-behalf-recipient:${m.channel}:${normalise(m.to)}`;
    await lockKeys(trx, [sender, recipient]);
    await consumeIn(trx, ON_BEHALF_LIMITS.sender.map((l) => ({ scope: sender, ...l })), now, 'You have sent too many messages. Try again later.');
    await consumeIn(trx, ON_BEHALF_LIMITS.recipient.map((l) => ({ scope: recipient, ...l })), now, 'Too many messages have gone to this address. Try again later.');
    await recordEvent(trx, sender, now);
    await recordEvent(trx, recipient, now);
    const body = `${m.body}\n\n--\n${await signature(trx, c)}`;
    if (m.channel === 'EMAIL') await sendEmail(trx, m.to, m.subject ?? BRAND.name, body, now);
    else await sendSms(trx, m.to, body, now);
  };
  if (db.isTransaction) await send(db);
  else await db.transaction().execute(send);
}
