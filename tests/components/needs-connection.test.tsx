import { onlineManager } from '@tanstack/react-query';
import { act, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { NEEDS_CONNECTION } from '../../src/widgets/list-freshness.tsx';
import { renderApp } from '../setup/render-app.tsx';

// Writes that cannot wait in a queue are disabled while offline, with the reason said beside them,
// and come back with the connection.

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('writes that need a connection', () => {
  it("disable Pending Invitations' Invite Agents and each row's Resend and Withdraw offline, saying why", async () => {
    const { screen } = await renderApp('/console/my-agents/invitations', { as: 'broker@demo.test' });
    const table = await screen.findByRole('table', { name: 'Invitations' });
    const resend = (await within(table).findAllByRole('button', { name: /^Resend invitation to / }))[0]!;
    const withdraw = within(table).getAllByRole('button', { name: /^Withdraw invitation to / })[0]!;
    const invite = within(screen.getByRole('main')).getByRole('button', { name: 'Invite Agents' });
    for (const b of [resend, withdraw, invite]) expect(b).toBeEnabled();
    expect(screen.queryByText(NEEDS_CONNECTION)).not.toBeInTheDocument();

    act(() => {
      onlineManager.setOnline(false);
    });
    for (const b of [resend, withdraw, invite]) expect(b).toBeDisabled();
    expect(screen.getAllByText(NEEDS_CONNECTION)).toHaveLength(2); // once by the toolbar's action, once by the table

    act(() => {
      onlineManager.setOnline(true);
    });
    for (const b of [resend, withdraw, invite]) expect(b).toBeEnabled();
    expect(screen.queryByText(NEEDS_CONNECTION)).not.toBeInTheDocument();
  });

  it("disable My Referrals' selection and its Reassign selected offline, saying why", async () => {
    const { screen } = await renderApp('/console/my-referrals', { as: 'broker@demo.test' });
    const select = await screen.findByRole('checkbox', { name: 'Select all on this page' });
    await waitFor(() => expect(select).toBeEnabled()); // once the page's rows are in
    act(() => {
      onlineManager.setOnline(false);
    });
    expect(select).toBeDisabled();
    expect(screen.getByText(NEEDS_CONNECTION)).toBeInTheDocument();
  });
});
