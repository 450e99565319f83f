import { createHmac, timingSafeEqual } from 'node:crypto';

import type { TwilioConfig } from '../config.ts';
import { SendError, type OutgoingMessage } from './send-error.ts';

const TIMEOUT_MS = 15_000;

/** The public URL Twilio posts delivery statuses to, and signs. */
export const statusCallbackUrl = (publicOrigin: string) => `${publicOrigin}/webhooks/twilio/status`;
export const inboundUrl = (publicOrigin: string) => `${publicOrigin}/webhooks/twilio/inbound`;

/**
 * Texts through Twilio's Messages API with plain fetch (decision 0086): a form-encoded POST to
 * {TWILIO_API_URL}/2010-04-01/Accounts/{sid}/Messages.json with HTTP Basic (account SID, auth token).
 */
export class TwilioSender {
  constructor(
    private readonly config: TwilioConfig,
    private readonly statusCallback: string,
  ) {}

  async send(msg: OutgoingMessage): Promise<string> {
    const form = new URLSearchParams({ To: msg.recipient, Body: msg.body, StatusCallback: this.statusCallback });
    if (this.config.messagingServiceSid) form.set('MessagingServiceSid', this.config.messagingServiceSid);
    else if (this.config.from) form.set('From', this.config.from);
    const url = `${this.config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(this.config.accountSid)}/Messages.json`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${this.config.accountSid}:${this.config.authToken}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new SendError(`Twilio unreachable: ${(err as Error).message.slice(0, 200)}`, false);
    }
    const text = await res.text();
    let body: { sid?: unknown; code?: unknown; message?: unknown } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      /* not JSON */
    }
    if (res.ok && typeof body.sid === 'string') return body.sid;
    const code = typeof body.code === 'number' ? `${body.code}: ` : '';
    const message = typeof body.message === 'string' ? body.message : text.slice(0, 200);
    // 4xx is a refusal of this message (21211 invalid number, 21610 unsubscribed): sending it again
    // gets the same answer. 429 (too many requests) and 5xx pass.
    const permanent = res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 408;
    throw new SendError(`Twilio ${res.status} ${code}${message}`.slice(0, 400), permanent);
  }
}

/**
 * X-Twilio-Signature: base64 HMAC-SHA1, keyed by the auth token, of the webhook's public URL
 * followed by each form parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Compares in constant time; a missing or malformed header is simply wrong. */
export function validTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
