import type { Db } from '../db/database.ts';
import type { MessageKind } from '../db/schema.ts';
import type { AppContext } from '../http/route.ts';
import { wakeRelays } from '../messages/wake.ts';

// Every email and SMS goes to the outbox table, written in the change's own transaction: the one
// write point. The relay of every API process (server/messages/relay.ts) claims each row once and
// sends it through SMTP or Twilio (decision 0086).

/** How a message is sent: its kind (the Messages screen's filter) sets its place in the queue. */
export interface MessageOptions {
  kind?: MessageKind;
  /** A one-time code or link dies unsent past this moment instead of arriving late. */
  expiresAt?: Date;
}

/** One-time codes and resets first, bulk texts last and paced (SMS_RATE_PER_SECOND). */
export const PRIORITY_OF: Record<MessageKind, number> = {
  code: 0,
  reset: 0,
  reply: 0,
  invitation: 1,
  notice: 1,
  bulk: 2,
};

const delivery = (kind: MessageKind, now: Date, expiresAt: Date | undefined) => ({
  kind,
  priority: PRIORITY_OF[kind],
  status: 'queued' as const,
  next_attempt_at: now,
  expires_at: expiresAt ?? null,
});

export async function sendEmail(
  db: Db,
  to: string,
  subject: string,
  body: string,
  now: Date,
  options: MessageOptions = {},
): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      channel: 'EMAIL',
      recipient: to,
      subject,
      body,
      created_at: now,
      ...delivery(options.kind ?? 'notice', now, options.expiresAt),
    })
    .execute();
  wakeRelays();
}

export async function sendSms(
  db: Db,
  to: string,
  body: string,
  now: Date,
  options: MessageOptions = {},
): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      channel: 'SMS',
      recipient: to,
      subject: null,
      body,
      created_at: now,
      ...delivery(options.kind ?? 'notice', now, options.expiresAt),
    })
    .execute();
  wakeRelays();
}

/** Many texts at once (a bulk SMS batch): the same boundary as sendSms, one insert. */
export async function sendSmsMany(db: Db, messages: { to: string; body: string }[], now: Date): Promise<void> {
  if (messages.length === 0) return;
  await db
    .insertInto('outbox')
    .values(
      messages.map((m) => ({
        channel: 'SMS' as const,
        recipient: m.to,
        subject: null,
        body: m.body,
        created_at: now,
        ...delivery('bulk', now, undefined),
      })),
    )
    .execute();
  wakeRelays();
}

/**
 * The origin that links in emails and connector callbacks point to: always a configured one
 * (PUBLIC_ORIGIN, AGENT_ORIGIN), never the request's Host header, which the caller chooses
 * (reset-link poisoning). The Host only picks which of the two configured origins applies.
 */
export function publicOrigin(c: AppContext): string {
  const host = new URL(c.req.url).hostname.toLowerCase();
  return c.get('config').agentHosts.includes(host) ? c.get('config').agentOrigin : c.get('config').publicOrigin;
}

export const registerLink = (c: AppContext, code: string) => `${publicOrigin(c)}/register/${encodeURIComponent(code)}`;
