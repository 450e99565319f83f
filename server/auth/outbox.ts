import type { Db } from '../db/database.ts';
import type { AppContext } from '../http/route.ts';

// Every email and SMS goes to the outbox table: the one place a real delivery provider would
// plug in (DECISIONS.md, stand-ins at the boundary).
export async function sendEmail(db: Db, to: string, subject: string, body: string, now: Date): Promise<void> {
  await db.insertInto('outbox').values({ channel: 'EMAIL', recipient: to, subject, body, created_at: now }).execute();
}

export async function sendSms(db: Db, to: string, body: string, now: Date): Promise<void> {
  await db.insertInto('outbox').values({ channel: 'SMS', recipient: to, subject: null, body, created_at: now }).execute();
}

/** Many texts at once (a bulk SMS batch): the same boundary as sendSms, one insert. */
export async function sendSmsMany(db: Db, messages: { to: string; body: string }[], now: Date): Promise<void> {
  if (messages.length === 0) return;
  await db.insertInto('outbox').values(messages.map((m) => ({ channel: 'SMS' as const, recipient: m.to, subject: null, body: m.body, created_at: now }))).execute();
}

/**
 * The origin that links in emails and connector callbacks point to: always a configured one
 * (PUBLIC_ORIGIN, AGENT_ORIGIN), never the request's Host header, which the caller chooses
 * (reset-link poisoning). The Host only picks which of the two configured origins applies.
 */
export function publicOrigin(c: AppContext): string {
  const host = new URL(c.req.url).hostname.toLowerCase();
  return c.var.config.agentHosts.includes(host) ? c.var.config.agentOrigin : c.var.config.publicOrigin;
}

export const registerLink = (c: AppContext, code: string) => `${publicOrigin(c)}/register/${encodeURIComponent(code)}`;
