import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sendSms, sendSmsMany } from '../../server/auth/outbox.ts';
import { INBOUND_BLOCK } from '../../server/messages/dnc.ts';
import { MessageRelay } from '../../server/messages/relay.ts';
import { twilioSignature } from '../../server/messages/twilio.ts';
import { deliveryConfig, TWILIO_TOKEN, TwilioStandIn } from '../setup/message-stand-ins.ts';
import { call, startTestServer, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
let demo: TestServer;
const twilio = new TwilioStandIn();
const ORIGIN = 'http://localhost:8080';

beforeAll(async () => {
  await twilio.start();
  server = await startTestServer({ config: deliveryConfig(undefined, twilio) });
  demo = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await demo.close();
  await twilio.stop();
});

/** A webhook request as Twilio signs it: over the configured public URL and the sorted form. */
function webhook(
  target: TestServer,
  path: string,
  form: Record<string, string>,
  signature = twilioSignature(TWILIO_TOKEN, `${ORIGIN}${path}`, form),
) {
  return call(target, 'POST', path, { form, headers: { 'X-Twilio-Signature': signature } });
}

const SID = (n: number) => `SM${n.toString(16).padStart(32, 'f')}`;
const dncOf = (phone: string) =>
  server.db
    .selectFrom('dnc_contacts')
    .selectAll()
    .where('type', '=', 'PHONE')
    .where('value', '=', phone)
    .executeTakeFirst();

describe('the signature', () => {
  it("is Twilio's: the example of Twilio's documentation signs to the same value", () => {
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675309',
      Digits: '1234',
      From: '+14158675309',
      To: '+18005551212',
    };
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe(
      'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
    );
  });
});

describe('the status callback', () => {
  it('puts the delivery status on the outbox row when signed, and answers 403 changing nothing otherwise', async () => {
    const { id } = await server.db
      .insertInto('outbox')
      .values({
        channel: 'SMS',
        recipient: '+15550106001',
        body: 'x',
        created_at: new Date(),
        status: 'sent',
        provider_id: SID(1),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const form = {
      MessageSid: SID(1),
      MessageStatus: 'undelivered',
      ErrorCode: '30003',
      AccountSid: `AC${'1'.repeat(32)}`,
    };
    const forged = [
      await webhook(server, '/webhooks/twilio/status', form, 'AAAAAAAAAAAAAAAAAAAAAAAAAAA='),
      await webhook(
        server,
        '/webhooks/twilio/status',
        { ...form, MessageStatus: 'delivered' },
        twilioSignature(TWILIO_TOKEN, `${ORIGIN}/webhooks/twilio/status`, form),
      ),
      await webhook(
        server,
        '/webhooks/twilio/status',
        form,
        twilioSignature('another-token-0123456789', `${ORIGIN}/webhooks/twilio/status`, form),
      ),
      await webhook(
        server,
        '/webhooks/twilio/status',
        form,
        twilioSignature(TWILIO_TOKEN, 'http://evil.example/webhooks/twilio/status', form),
      ),
      await call(server, 'POST', '/webhooks/twilio/status', { form }),
    ];
    expect(forged.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect(
      await server.db
        .selectFrom('outbox')
        .select(['status', 'last_error'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'sent', last_error: null });
    expect((await webhook(server, '/webhooks/twilio/status', form)).status).toBe(204);
    expect(
      await server.db
        .selectFrom('outbox')
        .select(['status', 'last_error'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'undelivered', last_error: 'Twilio error 30003' });
  });

  it('refuses every request when no Twilio account is configured (the demo)', async () => {
    expect(
      (await webhook(demo, '/webhooks/twilio/status', { MessageSid: SID(2), MessageStatus: 'delivered' })).status,
    ).toBe(403);
    expect((await webhook(demo, '/webhooks/twilio/inbound', { From: '+15550106002', Body: 'STOP' })).status).toBe(403);
  });
});

describe('replies', () => {
  it('answers 403 to an unsigned STOP and blocks nothing', async () => {
    const res = await webhook(server, '/webhooks/twilio/inbound', { From: '+15550106003', Body: 'STOP' }, 'bad');
    expect(res.status).toBe(403);
    expect(await dncOf('+15550106003')).toBeUndefined();
  });

  it('blocks a number that replies STOP, and a later bulk send skips it', async () => {
    const phone = '+15550106004';
    const res = await webhook(server, '/webhooks/twilio/inbound', {
      From: phone,
      To: '+15555550100',
      Body: ' stop ',
      MessageSid: SID(3),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/xml/);
    expect(await dncOf(phone)).toMatchObject({ disposition: INBOUND_BLOCK, channel: 'SMS' });
    await sendSmsMany(
      server.db,
      [
        { to: phone, body: 'Bulk after STOP' },
        { to: '+15550106005', body: 'Bulk to another' },
      ],
      new Date(),
    );
    const relay = new MessageRelay(server.db, server.config);
    await relay.runOnce();
    expect(twilio.to(phone)).toHaveLength(0);
    expect(twilio.to('+15550106005')).toHaveLength(1);
    const skipped = await server.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', phone)
      .executeTakeFirstOrThrow();
    expect(skipped).toMatchObject({ status: 'dead', last_error: 'Not sent: the number replied STOP' });
  });

  it.each(['STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'])('takes %s as STOP', async (word) => {
    const phone = `+1555010${String(7000 + word.length).padStart(4, '0')}`;
    await server.db.deleteFrom('dnc_contacts').where('value', '=', phone).execute();
    expect((await webhook(server, '/webhooks/twilio/inbound', { From: phone, Body: word })).status).toBe(200);
    expect(await dncOf(phone)).toMatchObject({ disposition: INBOUND_BLOCK });
  });

  it('lifts the block on START, and texts go to the number again', async () => {
    const phone = '+15550106006';
    await webhook(server, '/webhooks/twilio/inbound', { From: phone, Body: 'STOP' });
    expect(await dncOf(phone)).toBeDefined();
    await webhook(server, '/webhooks/twilio/inbound', { From: phone, Body: 'Start' });
    expect(await dncOf(phone)).toBeUndefined();
    await sendSms(server.db, phone, 'Welcome back', new Date());
    await new MessageRelay(server.db, server.config).runOnce();
    expect(twilio.to(phone).map((t) => t.Body)).toEqual(['Welcome back']);
  });

  it('does not lift a DNC entry that staff added when the number replies START', async () => {
    const phone = '+15550106007';
    await server.db
      .insertInto('dnc_contacts')
      .values({ type: 'PHONE', value: phone, disposition: 'Asked by phone', created: new Date() })
      .execute();
    await webhook(server, '/webhooks/twilio/inbound', { From: phone, Body: 'UNSTOP' });
    expect(await dncOf(phone)).toMatchObject({ disposition: 'Asked by phone' });
  });

  it('answers HELP with the brand and the sales address', async () => {
    const phone = '+15550106008';
    expect((await webhook(server, '/webhooks/twilio/inbound', { From: phone, Body: 'help' })).status).toBe(200);
    await new MessageRelay(server.db, server.config).runOnce();
    expect(twilio.to(phone).map((t) => t.Body)).toEqual([
      'Porchlight: for help write to sales@porchlight.example. Reply STOP to unsubscribe.',
    ]);
  });
});
