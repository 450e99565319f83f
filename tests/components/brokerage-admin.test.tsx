import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

// ZIP fields resolve their place, Apination from the marketplace and on the staff
// brokerage view, and the staff's full brokerage edit.

const brokerageId = async (name: string) =>
  (
    await (
      await testServer()
    ).db
      .selectFrom('brokerages')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;

describe('a ZIP field', () => {
  it('shows the city, state and market of a ZIP entered in a coverage area, and Unknown ZIP for one the table lacks', async () => {
    const server = await testServer();
    const agent = await server.db
      .selectFrom('agents')
      .select('id')
      .where('status', '=', 'ACTIVE')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { screen, user } = await renderApp(`/console/agents/view/${agent.id}`, { as: 'admin@demo.test' });
    await user.click(await screen.findByRole('tab', { name: 'Coverage Areas' }));
    const zip = await screen.findByRole('textbox', { name: 'ZIP' });
    await user.type(zip, '04101');
    expect(await screen.findByText('Portland, ME · Portland Metro market')).toBeInTheDocument();
    expect(zip).toHaveAccessibleDescription('Portland, ME · Portland Metro market');
    await user.clear(zip);
    await user.type(zip, '99999');
    expect(await screen.findByText('Unknown ZIP')).toBeInTheDocument();
  });

  it("lists a questionnaire's ZIPs with their places for the broker admin", async () => {
    const server = await testServer();
    const harbor = await brokerageId('Harbor Point Realty');
    const q = await server.db
      .selectFrom('agent_questionnaires as q')
      .innerJoin('agents as a', 'a.id', 'q.agent_id')
      .select(['q.agent_id', 'q.zip_codes'])
      .where('a.brokerage_id', '=', harbor)
      .orderBy('q.agent_id')
      .executeTakeFirstOrThrow();
    const first = (JSON.parse(q.zip_codes) as string[])[0]!;
    const place = await server.db
      .selectFrom('zip_codes')
      .select(['city', 'state'])
      .where('zip', '=', first)
      .executeTakeFirstOrThrow();
    const { screen } = await renderApp(`/console/my-agents/questionnaire/${q.agent_id}`, { as: 'broker@demo.test' });
    const list = await screen.findByRole('list', { name: 'ZIP codes' });
    await waitFor(() =>
      expect(within(list).getAllByText(new RegExp(`${place.city}, ${place.state}`)).length).toBeGreaterThan(0),
    );
  });
});

describe('Apination', () => {
  it('is enabled by the broker admin from the marketplace after a confirmation, and staff see who and when on the brokerage', async () => {
    const server = await testServer();
    const harbor = await brokerageId('Harbor Point Realty');
    const broker = await renderApp('/console/marketplace', { as: 'broker@demo.test' });
    expect(await broker.screen.findByText('Apination is off')).toBeInTheDocument();
    await broker.user.click(broker.screen.getByRole('button', { name: 'Enable Apination' }));
    const dialog = await broker.screen.findByRole('dialog', { name: 'Enable Apination?' });
    await broker.user.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(await broker.screen.findByText('Apination is on')).toBeInTheDocument();
    const row = await server.db
      .selectFrom('brokerage_apination')
      .selectAll()
      .where('brokerage_id', '=', harbor)
      .executeTakeFirstOrThrow();
    expect(row.enabled).toBe(true);
    broker.unmount();

    const staff = await renderApp(`/console/brokerages/view/${harbor}`, { as: 'manager@demo.test' });
    expect(await staff.screen.findByText('Apination is on')).toBeInTheDocument();
    expect(staff.screen.getByText(/^Enabled by Blair Harbor on /)).toBeInTheDocument();
    expect(staff.screen.queryByRole('button', { name: 'Disable Apination' })).not.toBeInTheDocument();
  });
});

describe('the staff brokerage edit', () => {
  it('refuses a bad email with the spec message and writes nothing', async () => {
    const server = await testServer();
    const maple = await brokerageId('Maple & Main Homes');
    const before = await server.db
      .selectFrom('brokerages')
      .selectAll()
      .where('id', '=', maple)
      .executeTakeFirstOrThrow();
    const { screen, user } = await renderApp(`/console/brokerages/view/${maple}`, { as: 'admin@demo.test' });
    await user.click(await screen.findByRole('button', { name: 'Edit Brokerage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Brokerage' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'hello@');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Invalid e-mail.')).toBeInTheDocument();
    expect(
      await server.db.selectFrom('brokerages').selectAll().where('id', '=', maple).executeTakeFirstOrThrow(),
    ).toEqual(before);
  });

  it('checks the address against its ZIP, stops on a mismatch, and saves once the ZIP agrees, filling the city and state', async () => {
    const server = await testServer();
    const maple = await brokerageId('Maple & Main Homes');
    const { screen, user } = await renderApp(`/console/brokerages/view/${maple}`, { as: 'admin@demo.test' });
    await user.click(await screen.findByRole('button', { name: 'Edit Brokerage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Brokerage' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Maple & Main Realty');
    const zip = within(dialog).getByRole('textbox', { name: 'ZIP' });
    await user.clear(zip);
    await user.type(zip, '04101');
    expect(await within(dialog).findByText('Portland, ME · Portland Metro market')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('ZIP 04101 is in ME')).toBeInTheDocument();
    expect(
      (await server.db.selectFrom('brokerages').select('name').where('id', '=', maple).executeTakeFirstOrThrow()).name,
    ).toBe('Maple & Main Homes');
    await user.clear(zip);
    await user.type(zip, '53703');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Maple & Main Realty', level: 2 })).toBeInTheDocument();
    expect(
      await server.db
        .selectFrom('brokerages')
        .select(['name', 'zip', 'city', 'state'])
        .where('id', '=', maple)
        .executeTakeFirstOrThrow(),
    ).toEqual({ name: 'Maple & Main Realty', zip: '53703', city: 'Madison', state: 'WI' });
  });
});
