import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

import type { Config } from '../../server/config.ts';

// Stand-ins at the boundary where real providers would be, in the test process: a real SMTP server
// (smtp-server: it speaks the protocol and checks the login) and an HTTP server answering as
// Twilio's Messages API does, which checks HTTP Basic and the form fields of each request.

export const SMTP_USER = 'relay-user';
export const SMTP_PASS = 'relay-pass-123';
export const TWILIO_SID = `AC${'1'.repeat(32)}`;
export const TWILIO_TOKEN = 'test-auth-token-0123456789';
export const TWILIO_FROM = '+15555550100';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  at: number;
}

/** A real SMTP server on a loopback port; `fail` answers every mail with that SMTP code. */
export class SmtpStandIn {
  readonly mails: ReceivedMail[] = [];
  /** Set to make the server refuse mail with this reply code (550: permanent, 451: temporary). */
  refuseWith: number | undefined;
  private server: SMTPServer | undefined;
  port = 0;

  async start(port = 0): Promise<this> {
    this.server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      // A relay a test left open must not hold the file's teardown for the default 30 s.
      closeTimeout: 1000,
      // No reverse DNS of 127.0.0.1 before the greeting: the stand-in does not depend on the machine's
      // resolver (a clean-clone run had a send wait out the test's 30 s, twice, on one relay connection).
      disableReverseLookup: true,
      allowInsecureAuth: true,
      logger: false,
      authMethods: ['PLAIN', 'LOGIN'],
      onAuth: (auth, _session, cb) => {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASS) cb(null, { user: auth.username });
        else cb(new Error('Invalid username or password'));
      },
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (this.refuseWith) {
            const err = new Error(`Refused by the stand-in (${this.refuseWith})`) as Error & { responseCode: number };
            err.responseCode = this.refuseWith;
            cb(err);
            return;
          }
          this.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
            at: Date.now(),
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  get url(): string {
    return `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${this.port}`;
  }

  to(address: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to.includes(address));
  }
}

export interface ReceivedText {
  To: string;
  Body: string;
  From?: string;
  MessagingServiceSid?: string;
  StatusCallback: string;
  sid: string;
  at: number;
}

/** Twilio's Messages API as a stand-in: Basic auth, the form fields, a 201 with a message SID. */
export class TwilioStandIn {
  readonly texts: ReceivedText[] = [];
  readonly refusals: { status: number; reason: string }[] = [];
  /** Answers the next requests this way while set: 500 (a passing failure) or 400 with 21211. */
  answer: ((form: URLSearchParams) => { status: number; body: unknown } | undefined) | undefined;
  private server: Server | undefined;
  private counter = 0;
  port = 0;

  async start(): Promise<this> {
    const expectedAuth = `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64')}`;
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const reply = (status: number, body: unknown) => {
          res.writeHead(status, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        const refuse = (status: number, code: number, message: string) => {
          this.refusals.push({ status, reason: message });
          reply(status, { code, message, status });
        };
        if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`)
          return refuse(404, 20404, `No route ${req.method} ${req.url}`);
        if (req.headers.authorization !== expectedAuth) return refuse(401, 20003, 'Authenticate');
        if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
          return refuse(400, 12300, 'Not form-encoded');
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const to = form.get('To');
        const body = form.get('Body');
        const from = form.get('From');
        const service = form.get('MessagingServiceSid');
        const callback = form.get('StatusCallback');
        if (!to || !/^\+[1-9]\d{6,14}$/.test(to))
          return refuse(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
        if (!body) return refuse(400, 21602, 'Message body is required.');
        if (!from === !service) return refuse(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required.");
        if (!callback || !/^https?:\/\//.test(callback)) return refuse(400, 21609, 'Invalid StatusCallback');
        const special = this.answer?.(form);
        if (special) return reply(special.status, special.body);
        this.counter += 1;
        const sid = `SM${this.counter.toString(16).padStart(32, '0')}`;
        this.texts.push({
          To: to,
          Body: body,
          ...(from ? { From: from } : {}),
          ...(service ? { MessagingServiceSid: service } : {}),
          StatusCallback: callback,
          sid,
          at: Date.now(),
        });
        reply(201, { sid, status: 'queued', to, body, account_sid: TWILIO_SID });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (s)
      await new Promise<void>((resolve) => {
        s.closeAllConnections();
        s.close(() => resolve());
      });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  to(number: string): ReceivedText[] {
    return this.texts.filter((t) => t.To === number);
  }
}

/** The delivery part of a config pointing at the stand-ins. */
export function deliveryConfig(
  smtp: SmtpStandIn | undefined,
  twilio: TwilioStandIn | undefined,
  smsRatePerSecond = Infinity,
): Partial<Config> {
  return {
    mail: smtp ? { smtpUrl: smtp.url, from: 'Porchlight <no-reply@porchlight.example>' } : undefined,
    twilio: twilio
      ? {
          accountSid: TWILIO_SID,
          authToken: TWILIO_TOKEN,
          from: TWILIO_FROM,
          messagingServiceSid: undefined,
          apiUrl: twilio.url,
        }
      : undefined,
    smsRatePerSecond,
  };
}

/**
 * The delivery variables a production start needs, pointing at a loopback port nothing listens on
 * (tests reach no provider): for tests of a start outside demo mode.
 */
export const PRODUCTION_DELIVERY_ENV = {
  SMTP_URL: 'smtp://mailer:secret@127.0.0.1:9',
  MAIL_FROM: 'Porchlight <no-reply@porchlight.example>',
  TWILIO_ACCOUNT_SID: TWILIO_SID,
  TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
  TWILIO_FROM,
  TWILIO_API_URL: 'http://127.0.0.1:9',
} as const;
