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

const isLocalName = (host: string) =>
  host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';

/**
 * The origin that links in emails point to. The request's Host header is attacker-chosen, so
 * outside demo mode it is trusted only for local names and the configured agent hosts;
 * otherwise the link stays a path (reset-link poisoning would otherwise send a victim's code
 * to the attacker's site). In demo mode the outbox is public anyway.
 */
export function publicOrigin(c: AppContext): string {
  const url = new URL(c.req.url);
  const host = url.hostname.toLowerCase();
  if (c.var.config.demoMode || isLocalName(host) || c.var.config.agentHosts.includes(host)) return url.origin;
  return '';
}

export const registerLink = (c: AppContext, code: string) => `${publicOrigin(c)}/register/${encodeURIComponent(code)}`;
