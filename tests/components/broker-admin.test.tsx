import { waitFor, within } from '@testing-library/react';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { NO_NOTIFICATIONS } from '../../src/contract/agent-notifications.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('My Notifications', () => {
  it("lists the brokerage's notifications of the last day, newest first, with the agent and a link to the referral", async () => {
    const app = await renderApp('/console/my-notifications', { as: 'broker@demo.test' });
    const table = await app.screen.findByRole('table', { name: 'Agent notifications' });
    await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(0));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Sent', 'Type', 'Agent', 'Referral', 'Notification']);
    const server = await testServer();
    const harbor = await server.db
      .selectFrom('brokerages')
      .select('id')
      .where('name', '=', 'Harbor Point Realty')
      .executeTakeFirstOrThrow();
    const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const { n } = await server.db
      .selectFrom('agent_notifications')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('brokerage_id', '=', harbor.id)
      .where('sent', '>=', new Date(`${since}T00:00:00Z`))
      .executeTakeFirstOrThrow();
    expect(app.screen.getByText(new RegExp(`of ${n} notifications`))).toBeInTheDocument();
    const link = within(rowsOf(table)[0]!).getByRole('link');
    expect(link.getAttribute('href')).toMatch(/^\/console\/my-referrals\/view\/\d+$/);
  });

  it('keeps the filters in the address and says so when nothing matches', async () => {
    const app = await renderApp('/console/my-notifications?type=MISSED_REFERRAL&from=2020-01-01&to=2020-01-02', {
      as: 'broker@demo.test',
    });
    expect(await app.screen.findByText('No notifications match these filters.')).toBeInTheDocument();
    expect(app.screen.getByRole('combobox', { name: 'Type' })).toHaveValue('MISSED_REFERRAL');
    await app.user.click(app.screen.getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(app.screen.queryByText(NO_NOTIFICATIONS)).not.toBeInTheDocument();
  });

  it("sends a sample notification to the chosen agent, which the agent's list then shows", async () => {
    const app = await renderApp('/console/my-notifications', { as: 'broker@demo.test' });
    await app.user.click(await app.screen.findByRole('button', { name: 'Send Sample Notification' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Send Sample Notification' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose an agent');
    const select = within(dialog).getByRole('combobox', { name: 'Agent' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    const option = within(select).getAllByRole('option')[1] as HTMLOptionElement;
    await app.user.selectOptions(select, option.value);
    await app.user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await app.screen.findByText(/^Sample notification sent to /)).toBeInTheDocument();
    const server = await testServer();
    const last = await server.db
      .selectFrom('agent_notifications')
      .select(['agent_id', 'type'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ agent_id: Number(option.value), type: 'TEST_NEW_REFERRAL' });
    const table = app.screen.getByRole('table', { name: 'Agent notifications' });
    await waitFor(() => expect(within(rowsOf(table)[0]!).getByText('Sample notification')).toBeInTheDocument());
  });

  it('shows the spec message when the notifications cannot be loaded', async () => {
    const app = await renderApp('/console/my-notifications?from=bad-date', { as: 'broker@demo.test' });
    expect(await app.screen.findByText('An error occurred loading agents notifications.')).toBeInTheDocument();
  });
});

describe('My Admins', () => {
  it('lists the admins with status, last sign-in and pending invitations', async () => {
    const app = await renderApp('/console/my-admins', { as: 'broker@demo.test' });
    const table = await app.screen.findByRole('table', { name: 'Administrators' });
    await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(3));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Status', 'Last Sign-in', 'Invitation', 'Actions']);
    const invitee = rowsOf(table).find((r) => within(r).queryByText('invitee1@demo.test'))!;
    expect(within(invitee).getByText('Invite pending')).toBeInTheDocument();
    expect(within(invitee).getByRole('button', { name: /^Resend invite to / })).toBeInTheDocument();
  });

  it('invites an admin after checking the fields, and lists the pending invitation', async () => {
    const app = await renderApp('/console/my-admins', { as: 'broker@demo.test' });
    await app.user.click(await app.screen.findByRole('button', { name: 'Invite Admin' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Invite Admin' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send Invite' }));
    expect(within(dialog).getByText('Invalid e-mail.')).toBeInTheDocument();
    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    // Focus on the first field in error; its message goes as soon as it changes.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'First Name' })).toHaveFocus());
    await app.user.type(within(dialog).getByRole('textbox', { name: 'First Name' }), 'Nova');
    expect(within(dialog).queryByText('First name is required')).toBeNull();
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Last Name' }), 'Second');
    await app.user.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'nova.second@example.test');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send Invite' }));
    expect(await app.screen.findByText('Invitation sent to nova.second@example.test.')).toBeInTheDocument();
    const server = await testServer();
    const mail = await server.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', 'nova.second@example.test')
      .executeTakeFirstOrThrow();
    expect(mail.body).toMatch(/\/register\/[A-Z0-9-]+/);
  });

  it('offers Remove on the admins the broker may remove, and not on their own row nor on a lead supplier', async () => {
    const app = await renderApp('/console/my-admins', { as: 'broker@demo.test' });
    const table = await app.screen.findByRole('table', { name: 'Administrators' });
    await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(3));
    const rowOf = (email: string) => rowsOf(table).find((r) => within(r).queryByText(email))!;
    // The server refuses both (yourself: 409; a role the broker cannot grant: 403), so neither is offered.
    expect(within(rowOf('broker@demo.test')).queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(within(rowOf('supplier@demo.test')).queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(within(rowOf('invitee1@demo.test')).getByRole('button', { name: /^Remove / })).toBeInTheDocument();
    const server = await testServer();
    expect(
      (
        await server.db
          .selectFrom('users')
          .select('status')
          .where('email', '=', 'broker@demo.test')
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('ACTIVE');
  });

  it('tells staff who are not impersonating to impersonate a brokerage', async () => {
    const app = await renderApp('/console/my-admins', { as: 'admin@demo.test' });
    expect(await app.screen.findByText(/Staff see it while impersonating a brokerage/)).toBeInTheDocument();
  });
});
