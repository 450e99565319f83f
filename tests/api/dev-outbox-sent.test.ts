import { afterAll, beforeAll, expect, it } from 'vitest';

import { MessageRelay, REMOVED_BODY } from '../../server/messages/relay.ts';
import type { OutboxPage } from '../../src/contract/dev.ts';
import { deliveryConfig, SmtpStandIn } from '../setup/message-stand-ins.ts';
import { call, startTestServer, type TestServer } from '../setup/test-server.ts';

// In demo mode /dev/outbox is the mail catcher: a message carrying a one-time secret still reads in full
// there after the relay has sent it (outside demo mode its text goes once sent: message-delivery.test.ts).

let server: TestServer;
let relay: MessageRelay;
const smtp = new SmtpStandIn();

beforeAll(async () => {
  await smtp.start();
  server = await startTestServer({ config: deliveryConfig(smtp, undefined) });
  relay = new MessageRelay(server.db, server.config);
});
afterAll(async () => {
  // The relay's pooled SMTP connection stays open until stopped, and the SMTP server's close waits
  // for open connections (30 s by default).
  await relay.stop();
  await server.close();
  await smtp.stop();
});

it('shows a sent password reset with its link, not a placeholder', async () => {
  expect(
    (await call(server, 'POST', '/users-api/users/passwordReset', { body: { emailAddress: 'lender@demo.test' } }))
      .status,
  ).toBe(204);
  await relay.runOnce();
  const row = await server.db
    .selectFrom('outbox')
    .select(['status', 'body'])
    .where('recipient', '=', 'lender@demo.test')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(row.status).toBe('sent');
  const res = await call<OutboxPage>(server, 'GET', '/dev/outbox', { headers: { Accept: 'application/json' } });
  const shown = res.body.content.find((m) => m.recipient === 'lender@demo.test')!;
  expect(shown.body).not.toBe(REMOVED_BODY);
  expect(shown.body).toMatch(/\/register\/[A-Z0-9-]+/);
});
