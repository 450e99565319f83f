import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { agentWantsPush, saveAgentChannels } from '../../server/messages/agent-notices.ts';
import { MessageRelay } from '../../server/messages/relay.ts';
import { twilioSignature } from '../../server/messages/twilio.ts';
import { deliveryConfig, TWILIO_TOKEN, TwilioStandIn } from '../setup/message-stand-ins.ts';
import { call, DEMO_AGENT_PHONE, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

let server: TestServer;
let agent: Caller;
let broker: Caller;
let agentId: number;
const twilio = new TwilioStandIn();

beforeAll(async () => {
  await twilio.start();
  server = await startTestServer({ config: deliveryConfig(undefined, twilio) });
  agent = await signIn(server, DEMO_AGENT_PHONE);
  broker = await signIn(server, 'broker@demo.test');
  agentId = (
    await server.db
      .selectFrom('users')
      .select('agent_id')
      .where('phone', '=', DEMO_AGENT_PHONE)
      .executeTakeFirstOrThrow()
  ).agent_id!;
});
afterAll(async () => {
  await server.close();
  await twilio.stop();
});

const messagesTo = (recipient: string, since: number) =>
  server.db
    .selectFrom('outbox')
    .select(['channel', 'body', 'subject', 'status', 'last_error'])
    .where('recipient', '=', recipient)
    .where('id', '>', since)
    .orderBy('id')
    .execute();
const lastId = async () =>
  (
    await server.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow()
  ).id ?? 0;

/** A referral of the demo agent's brokerage held by another agent, moved to the demo agent by the broker. */
async function reassignToAgent(): Promise<void> {
  const brokerageId = (
    await server.db.selectFrom('agents').select('brokerage_id').where('id', '=', agentId).executeTakeFirstOrThrow()
  ).brokerage_id;
  const refs = await server.db
    .selectFrom('referrals')
    .select('id')
    .where('brokerage_id', '=', brokerageId)
    .where('agent_id', '<>', agentId)
    .where('prospect_first', 'is not', null)
    .orderBy('id')
    .limit(20)
    .execute();
  for (const ref of refs) {
    const res = await broker.patch(`/agents-api/referrals/${ref.id}/reassign`, { agentId });
    if (res.status === 200) return;
  }
  throw new Error('no referral could be moved to the demo agent');
}

describe("the agent's notification choices", () => {
  it('default to a new referral by push and text, reminders by push', async () => {
    const res = await agent.get('/agents-api/message-preferences');
    expect(res).toMatchObject({ status: 200, body: { NEW_REFERRAL: ['PUSH', 'SMS'], REMINDER: ['PUSH'] } });
    expect(await agentWantsPush(server.db, agentId, 'FORCE_ASSIGNED_REFERRAL')).toBe(true);
  });

  it('text the agent of a referral moved to them by default, and email instead once they choose email', async () => {
    let since = await lastId();
    await reassignToAgent();
    expect((await messagesTo(DEMO_AGENT_PHONE, since)).map((m) => m.channel)).toEqual(['SMS']);
    expect((await messagesTo(DEMO_AGENT_PHONE, since))[0]!.body).toMatch(/^Porchlight: Referral assigned to you\. /);

    const saved = await agent.put('/agents-api/message-preferences', {
      NEW_REFERRAL: ['EMAIL'],
      REMINDER: ['PUSH', 'SMS'],
    });
    expect(saved).toMatchObject({ status: 200, body: { NEW_REFERRAL: ['EMAIL'], REMINDER: ['PUSH', 'SMS'] } });
    expect(await agentWantsPush(server.db, agentId, 'FORCE_ASSIGNED_REFERRAL')).toBe(false);
    expect(await agentWantsPush(server.db, agentId, 'OVERDUE_REFERRAL_REMINDER')).toBe(true);
    expect(await agentWantsPush(server.db, agentId, 'LONG_TERM_HOLD')).toBe(true);
    const email = (
      await server.db.selectFrom('agents').select('email').where('id', '=', agentId).executeTakeFirstOrThrow()
    ).email;
    since = await lastId();
    await reassignToAgent();
    expect(await messagesTo(DEMO_AGENT_PHONE, since)).toEqual([]);
    expect((await messagesTo(email!, since)).map((m) => m.subject)).toEqual(['Porchlight: Referral assigned to you']);
  });

  it("reaches an agent of a broker's reminder by the channels that agent chose", async () => {
    const page = await broker.get<{ content: { id: number; agentId: number; stage: string }[] }>(
      '/agents-api/broker-referrals?followupType=OVERDUE&pageSize=100&sort=updated,DESC',
    );
    const withEmail = new Set(
      (
        await server.db
          .selectFrom('agents')
          .select('id')
          .where('email', 'is not', null)
          .where('phone', 'is not', null)
          .execute()
      ).map((a) => a.id),
    );
    const ref = page.body.content.find((r) => r.stage !== 'UNDER_CONTRACT' && withEmail.has(r.agentId))!;
    const other = await server.db
      .selectFrom('agents')
      .select(['phone', 'email'])
      .where('id', '=', ref.agentId)
      .executeTakeFirstOrThrow();
    await saveAgentChannels(server.db, ref.agentId, { NEW_REFERRAL: ['PUSH'], REMINDER: ['SMS', 'EMAIL'] }, new Date());
    const since = await lastId();
    expect(
      (
        await broker.post('/agents-api/notifications/sample', {
          agentId: ref.agentId,
          type: 'OVERDUE_REFERRAL_REMINDER',
          referralId: ref.id,
        })
      ).status,
    ).toBe(201);
    expect((await messagesTo(other.phone!, since)).map((m) => m.channel)).toEqual(['SMS']);
    expect((await messagesTo(other.email!, since)).map((m) => m.channel)).toEqual(['EMAIL']);
  });

  it('sends no text to an agent whose phone replied STOP, whatever they chose', async () => {
    await agent.put('/agents-api/message-preferences', { NEW_REFERRAL: ['PUSH', 'SMS'], REMINDER: ['PUSH'] });
    const form = { From: DEMO_AGENT_PHONE, Body: 'STOP' };
    const signature = twilioSignature(TWILIO_TOKEN, 'http://localhost:8080/webhooks/twilio/inbound', form);
    expect(
      (await call(server, 'POST', '/webhooks/twilio/inbound', { form, headers: { 'X-Twilio-Signature': signature } }))
        .status,
    ).toBe(200);
    const since = await lastId();
    await reassignToAgent();
    await new MessageRelay(server.db, server.config).runOnce();
    expect(twilio.to(DEMO_AGENT_PHONE)).toEqual([]);
    expect(await messagesTo(DEMO_AGENT_PHONE, since)).toEqual([
      expect.objectContaining({ status: 'dead', last_error: 'Not sent: the number replied STOP' }),
    ]);
  });

  it('refuses bad choices with 400 changing nothing, and anyone but an agent with 403', async () => {
    const before = (await agent.get('/agents-api/message-preferences')).body;
    for (const body of [
      { NEW_REFERRAL: ['FAX'], REMINDER: [] },
      { NEW_REFERRAL: ['SMS', 'SMS'], REMINDER: [] },
      { NEW_REFERRAL: ['SMS'] },
      [],
    ]) {
      expect((await agent.put('/agents-api/message-preferences', body)).status).toBe(400);
    }
    expect((await agent.get('/agents-api/message-preferences')).body).toEqual(before);
    expect((await broker.get('/agents-api/message-preferences')).status).toBe(403);
    expect((await broker.put('/agents-api/message-preferences', { NEW_REFERRAL: [], REMINDER: [] })).status).toBe(403);
  });
});
