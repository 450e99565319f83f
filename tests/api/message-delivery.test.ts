import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sendEmail, sendSms, sendSmsMany } from '../../server/auth/outbox.ts';
import { loadConfig } from '../../server/config.ts';
import { outboxCounts } from '../../server/messages/outbox-counts.ts';
import { MessageRelay, REMOVED_BODY } from '../../server/messages/relay.ts';
import { pruneMessages } from '../../server/messages/retention.ts';
import {
  deliveryConfig,
  PRODUCTION_DELIVERY_ENV,
  SmtpStandIn,
  TWILIO_FROM,
  TwilioStandIn,
} from '../setup/message-stand-ins.ts';
import { call, signIn, startTestServer, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
const smtp = new SmtpStandIn();
const twilio = new TwilioStandIn();
let clock: Date | undefined;
const now = () => clock ?? new Date();
const setClock = (d: Date) => {
  clock = d;
  server.setNow(d);
};

beforeAll(async () => {
  await smtp.start();
  await twilio.start();
  server = await startTestServer({ config: deliveryConfig(smtp, twilio, 1) });
});
afterAll(async () => {
  await server.close();
  await smtp.stop();
  await twilio.stop();
});

/** Quoted-printable soft breaks and escapes undone: the mail's text as a reader sees it. */
const readable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

async function arrival<T>(find: () => T | undefined, withinMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() - started > withinMs) throw new Error(`nothing arrived within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The relay as production runs it (demo mode keeps a sent secret's text for /dev/outbox: dev-outbox-sent.test.ts). */
const relayConfig = () => ({ ...server.config, demoMode: false });
const row = (id: number) => server.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const lastTo = async (recipient: string) =>
  await server.db
    .selectFrom('outbox')
    .selectAll()
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
/** The last message to the recipient once the relay has recorded its sending (it can arrive a moment before). */
async function recordedTo(recipient: string) {
  await expect.poll(async () => (await lastTo(recipient)).status, { timeout: 5_000 }).not.toMatch(/^(queued|sending)$/);
  return lastTo(recipient);
}

describe('a running relay', () => {
  let relay: MessageRelay;
  beforeAll(() => {
    relay = new MessageRelay(server.db, relayConfig(), { pollMs: 100 }).start();
  });
  afterAll(async () => {
    await relay.stop();
  });

  it('mails an invitation within 5 s, as text and HTML with a Message-ID, and its link registers the invitee', async () => {
    const broker = await signIn(server, 'broker@demo.test');
    expect(
      (
        await broker.post('/users-api/invites', {
          email: 'mailed.admin@example.test',
          firstName: 'Mia',
          lastName: 'Mailed',
        })
      ).status,
    ).toBe(202);
    const mail = await arrival(() => smtp.to('mailed.admin@example.test')[0]);
    const text = readable(mail.raw);
    expect(text).toMatch(/^From: Porchlight <no-reply@porchlight\.example>/m);
    expect(text).toMatch(/^Message-ID: <outbox-\d+\.\d+@porchlight\.example>/m);
    expect(text).toContain('Content-Type: text/plain');
    expect(text).toContain('Content-Type: text/html');
    expect(text).not.toMatch(/<img/i);
    const code = /\/register\/([A-Z0-9-]+)/.exec(text)![1]!;
    expect(text).toContain(`http://localhost:8080/register/${code}`);
    expect((await call(server, 'PUT', `/users-api/invites/code/${code}`)).status).toBe(200);
    const sent = await recordedTo('mailed.admin@example.test');
    expect(sent).toMatchObject({ kind: 'invitation', status: 'sent', attempts: 1, body: REMOVED_BODY });
    expect(sent.provider_id).toMatch(/^<outbox-/);
  });

  it('mails a password reset within 5 s, whose link works, and keeps no copy of the link', async () => {
    expect(
      (await call(server, 'POST', '/users-api/users/passwordReset', { body: { emailAddress: 'lender@demo.test' } }))
        .status,
    ).toBe(204);
    const mail = await arrival(() => smtp.to('lender@demo.test')[0]);
    const code = /\/register\/([A-Z0-9-]+)/.exec(readable(mail.raw))![1]!;
    expect((await call(server, 'PUT', `/users-api/invites/code/${code}`)).status).toBe(200);
    const sent = await recordedTo('lender@demo.test');
    expect(sent).toMatchObject({ kind: 'reset', status: 'sent', body: REMOVED_BODY });
  });

  it("texts an agent's one-time code within 5 s through Twilio's API, and the code signs the agent in", async () => {
    const verifier = randomBytes(32).toString('base64url');
    const params = {
      response_type: 'code',
      client_id: 'porchlight-agent',
      redirect_uri: 'http://agents.localhost:5173/login',
      state: 's',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    };
    const phone = '+15550100001';
    const page = await call<string>(server, 'POST', '/auth/oauth2.0/authorize', {
      form: { step: 'phone', phone, ...params },
    });
    expect(page.status).toBe(200);
    const text = await arrival(() => twilio.to(phone)[0]);
    expect(text).toMatchObject({ From: TWILIO_FROM, StatusCallback: 'http://localhost:8080/webhooks/twilio/status' });
    const code = /\b(\d{6})\b/.exec(text.Body)![1]!;
    const ref = /name="otp_ref" value="([^"]+)"/.exec(page.body)![1]!;
    const signedIn = await call(server, 'POST', '/auth/oauth2.0/authorize', {
      form: { step: 'code', otp_ref: ref, code },
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get('Location')).toMatch(/[?&]code=/);
    const sent = await recordedTo(phone);
    expect(sent).toMatchObject({ kind: 'code', status: 'sent', provider_id: text.sid });
    expect(sent.body).not.toContain(code); // never stored past its sending
  });
});

describe('failures', () => {
  it('sends a mail once when the SMTP server is down for 30 s, then up', async () => {
    const relay = new MessageRelay(server.db, relayConfig(), { now, random: () => 1 });
    const port = smtp.port;
    await smtp.stop();
    const t0 = new Date();
    setClock(t0);
    await sendEmail(server.db, 'downtime@example.test', 'Hello', 'Body text', t0);
    const { id } = await lastTo('downtime@example.test');
    for (let s = 0; s <= 30; s += 5) {
      setClock(new Date(t0.getTime() + s * 1000));
      await relay.runOnce();
    }
    expect(await row(id)).toMatchObject({ status: 'retrying' });
    expect((await row(id)).last_error).toMatch(/SMTP/);
    await smtp.start(port);
    for (let s = 35; s <= 200; s += 5) {
      setClock(new Date(t0.getTime() + s * 1000));
      await relay.runOnce();
    }
    await relay.stop();
    expect(smtp.to('downtime@example.test')).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', last_error: null });
    expect((await row(id)).attempts).toBeGreaterThan(1);
  });

  it('tries a text again while Twilio answers 500, until it is sent', async () => {
    const relay = new MessageRelay(server.db, relayConfig(), { now, random: () => 0.5 });
    let failures = 3;
    twilio.answer = () =>
      failures-- > 0
        ? { status: 500, body: { code: 20500, message: 'Internal Server Error', status: 500 } }
        : undefined;
    const t0 = new Date();
    setClock(t0);
    await sendSms(server.db, '+15550107001', 'A notice', t0);
    const { id } = await lastTo('+15550107001');
    for (let s = 0; s <= 120 && (await row(id)).status !== 'sent'; s += 5) {
      setClock(new Date(t0.getTime() + s * 1000));
      await relay.runOnce();
    }
    twilio.answer = undefined;
    expect(twilio.to('+15550107001')).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 4 });
  });

  it('gives a text up at once when Twilio refuses it with 400 (21211, not a valid number)', async () => {
    const relay = new MessageRelay(server.db, relayConfig(), { now });
    setClock(new Date());
    await sendSms(server.db, '+1555', 'A notice', now());
    const { id } = await lastTo('+1555');
    await relay.runOnce();
    expect(await row(id)).toMatchObject({ status: 'dead', attempts: 1 });
    expect((await row(id)).last_error).toMatch(/^Twilio 400 21211/);
    setClock(new Date(now().getTime() + 3_600_000));
    await relay.runOnce();
    expect((await row(id)).attempts).toBe(1);
  });

  it('gives a mail up at once on an SMTP 5xx refusal', async () => {
    const relay = new MessageRelay(server.db, relayConfig(), { now });
    smtp.refuseWith = 550;
    try {
      setClock(new Date());
      await sendEmail(server.db, 'refused@example.test', 'Hello', 'Body', now());
      await relay.runOnce();
    } finally {
      smtp.refuseWith = undefined;
      await relay.stop();
    }
    const sent = await lastTo('refused@example.test');
    expect(sent).toMatchObject({ status: 'dead', attempts: 1 });
    expect(sent.last_error).toMatch(/^SMTP 550/);
  });

  it('lets a one-time code die unsent once it has expired, and forgets its text', async () => {
    const relay = new MessageRelay(server.db, relayConfig(), { now });
    const t0 = new Date();
    await sendSms(server.db, '+15550107002', 'Your code is 123456', t0, {
      kind: 'code',
      expiresAt: new Date(t0.getTime() + 300_000),
    });
    setClock(new Date(t0.getTime() + 301_000));
    await relay.runOnce();
    expect(twilio.to('+15550107002')).toHaveLength(0);
    expect(await lastTo('+15550107002')).toMatchObject({ status: 'dead', body: REMOVED_BODY });
  });
});

describe('order and pace', () => {
  it('sends one-time codes before bulk texts, and bulk texts at SMS_RATE_PER_SECOND', async () => {
    const relay = new MessageRelay(server.db, relayConfig(), { now, pollMs: 500 });
    const t0 = new Date(Date.now() + 86_400_000);
    setClock(t0);
    const bulk = Array.from({ length: 5 }, (_, i) => ({ to: `+1555010800${i}`, body: `Bulk ${i}` }));
    await sendSmsMany(server.db, bulk, t0);
    await sendSms(server.db, '+15550108100', 'Your code is 654321', t0, { kind: 'code' });
    await relay.runOnce();
    expect(twilio.to('+15550108100')).toHaveLength(1);
    const bulkSent = () => twilio.texts.filter((t) => t.Body.startsWith('Bulk ')).length;
    expect(bulkSent()).toBe(1); // one a second (SMS_RATE_PER_SECOND=1)
    await relay.runOnce();
    expect(bulkSent()).toBe(1);
    setClock(new Date(t0.getTime() + 1000));
    await relay.runOnce();
    expect(bulkSent()).toBe(2);
    setClock(new Date(t0.getTime() + 1500));
    await relay.runOnce();
    expect(bulkSent()).toBe(2);
    for (let s = 2; s <= 4; s += 1) {
      setClock(new Date(t0.getTime() + s * 1000));
      await relay.runOnce();
    }
    expect(bulkSent()).toBe(5);
  });
});

describe('what others read', () => {
  it('counts messages by channel and status, and prunes the finished ones past the bound', async () => {
    const counts = await outboxCounts(server.db);
    expect(counts.find((c) => c.channel === 'SMS' && c.status === 'dead')?.count).toBeGreaterThan(0);
    const old = new Date(Date.now() - 100 * 86_400_000);
    await server.db
      .insertInto('outbox')
      .values([
        { channel: 'SMS', recipient: '+15550109001', body: 'old sent', created_at: old, status: 'sent' },
        { channel: 'SMS', recipient: '+15550109002', body: 'old queued', created_at: old, status: 'queued' },
      ])
      .execute();
    expect(await pruneMessages(server.db, new Date(), 90)).toBeGreaterThanOrEqual(1);
    const left = await server.db
      .selectFrom('outbox')
      .select('recipient')
      .where('recipient', 'in', ['+15550109001', '+15550109002'])
      .execute();
    expect(left.map((r) => r.recipient)).toEqual(['+15550109002']);
  });
});

describe('configuration', () => {
  const base = { PUBLIC_ORIGIN: 'https://console.example.com' };
  it('stops a start outside demo mode with one message naming each missing delivery variable', () => {
    let message = '';
    try {
      loadConfig(base);
    } catch (err) {
      message = (err as Error).message;
    }
    for (const name of ['SMTP_URL', 'MAIL_FROM', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'])
      expect(message).toContain(`${name}: required outside demo mode`);
    const { SMTP_URL: _url, ...withoutSmtp } = PRODUCTION_DELIVERY_ENV;
    expect(() => loadConfig({ ...base, ...withoutSmtp })).toThrow(
      /^Invalid environment:\n {2}SMTP_URL: required outside demo mode[^\n]*$/,
    );
    expect(loadConfig({ ...base, ...PRODUCTION_DELIVERY_ENV })).toMatchObject({
      mail: { smtpUrl: PRODUCTION_DELIVERY_ENV.SMTP_URL, from: 'Porchlight <no-reply@porchlight.example>' },
      twilio: {
        accountSid: PRODUCTION_DELIVERY_ENV.TWILIO_ACCOUNT_SID,
        from: '+15555550100',
        messagingServiceSid: undefined,
      },
      smsRatePerSecond: 1,
    });
  });

  it('takes a messaging service instead of a number, the API origin, and a rate', () => {
    const { TWILIO_FROM: _from, ...env } = PRODUCTION_DELIVERY_ENV;
    const config = loadConfig({
      ...base,
      ...env,
      TWILIO_MESSAGING_SERVICE_SID: `MG${'a'.repeat(32)}`,
      SMS_RATE_PER_SECOND: 'unlimited',
    });
    expect(config.twilio).toMatchObject({
      from: undefined,
      messagingServiceSid: `MG${'a'.repeat(32)}`,
      apiUrl: 'http://127.0.0.1:9',
    });
    expect(config.smsRatePerSecond).toBe(Infinity);
    expect(loadConfig({ DEMO_MODE: 'true' }).twilio?.apiUrl ?? 'https://api.twilio.com').toBe('https://api.twilio.com');
    expect(() => loadConfig({ ...base, ...PRODUCTION_DELIVERY_ENV, SMS_RATE_PER_SECOND: '0' })).toThrow(
      /SMS_RATE_PER_SECOND/,
    );
    expect(() => loadConfig({ ...base, ...PRODUCTION_DELIVERY_ENV, SMTP_URL: 'http://mail' })).toThrow(
      /SMTP_URL must be an smtp/,
    );
  });

  it('leaves delivery optional in demo mode, but refuses a channel half set', () => {
    expect(loadConfig({ DEMO_MODE: 'true' })).toMatchObject({ mail: undefined, twilio: undefined });
    expect(
      loadConfig({ DEMO_MODE: 'true', SMTP_URL: 'smtp://127.0.0.1:1025', MAIL_FROM: 'dev@localhost.test' }).mail,
    ).toEqual({ smtpUrl: 'smtp://127.0.0.1:1025', from: 'dev@localhost.test' });
    expect(() => loadConfig({ DEMO_MODE: 'true', SMTP_URL: 'smtp://127.0.0.1:1025' })).toThrow(/MAIL_FROM: set both/);
    expect(() =>
      loadConfig({ DEMO_MODE: 'true', TWILIO_ACCOUNT_SID: PRODUCTION_DELIVERY_ENV.TWILIO_ACCOUNT_SID }),
    ).toThrow(/TWILIO_AUTH_TOKEN/);
  });
});
