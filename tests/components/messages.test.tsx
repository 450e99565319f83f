import { waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sendSms } from '../../server/auth/outbox.ts';
import { MessageRelay } from '../../server/messages/relay.ts';
import { deliveryConfig, TwilioStandIn } from '../setup/message-stand-ins.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';

// The Messages screen (Diagnostic Tools): a text Twilio refused (400, 21211) shows as failed with
// its error, the list filters, and a given-up message is sent again.

const SLOW = { timeout: 60_000 };
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const twilio = new TwilioStandIn();

beforeAll(async () => {
  // Before any render: the console's fetch is routed to the in-process API from then on.
  await twilio.start();
  const server = await testServer();
  await sendSms(server.db, '+1555', 'Your referral is waiting', new Date());
  await sendSms(
    server.db,
    '+15550100001',
    'Your Porchlight sign-in code is 246810. It expires in 5 minutes.',
    new Date(),
    { kind: 'code' },
  );
  const relay = new MessageRelay(server.db, { ...server.config, ...deliveryConfig(undefined, twilio) });
  await relay.runOnce();
  await relay.stop();
  // The newest two on the list, the code on top.
  const later = (s: number) => new Date(Date.now() + s * 1000);
  await server.db
    .updateTable('outbox')
    .set({ created_at: later(60) })
    .where('recipient', '=', '+1555')
    .execute();
  await server.db
    .updateTable('outbox')
    .set({ created_at: later(120) })
    .where('recipient', '=', '+15550100001')
    .where('kind', '=', 'code')
    .where('status', '=', 'sent')
    .execute();
});
afterAll(async () => {
  await twilio.stop();
});

describe('the Messages screen', () => {
  it('shows a text Twilio refused as failed with its error, masks recipients and never shows a code', async () => {
    const { screen } = await renderApp('/console/messages', { as: 'engagement@demo.test' });
    const table = await screen.findByRole('table', { name: 'Messages' }, SLOW);
    await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(1), SLOW);
    const [code, refused] = rowsOf(table);
    expect(within(code!).getByText('•••-•••-0001')).toBeInTheDocument();
    expect(within(code!).getByText('Code')).toBeInTheDocument();
    expect(within(code!).getByText('Sent')).toBeInTheDocument();
    expect(within(refused!).getByText('Failed, not retried')).toBeInTheDocument();
    expect(
      within(refused!).getByText(/^Twilio 400 21211: The 'To' number \+1555 is not a valid phone number\./),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('246810');
  }, 180_000);

  it('filters by status and channel, and sends a given-up message again', async () => {
    const { screen, user } = await renderApp('/console/messages', { as: 'admin@demo.test' });
    const table = await screen.findByRole('table', { name: 'Messages' }, SLOW);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'dead');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), 'SMS');
    await waitFor(
      () => expect(rowsOf(table).every((r) => within(r).queryByText('Failed, not retried') !== null)).toBe(true),
      SLOW,
    );
    const row = rowsOf(table).find((r) => within(r).queryByText('•••-•••-1555'))!;
    await user.click(within(row).getByRole('button', { name: 'Send again: notice to •••-•••-1555' }));
    expect(await screen.findByText('The text to •••-•••-1555 is queued again.')).toBeInTheDocument();
    const server = await testServer();
    const stored = await server.db
      .selectFrom('outbox')
      .select(['status', 'attempts'])
      .where('recipient', '=', '+1555')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'queued', attempts: 0 });
  }, 180_000);
});
