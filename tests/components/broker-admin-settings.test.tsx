import { act, waitFor, within } from '@testing-library/react';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('My Announcements', () => {
  it('marks unread announcements, counts them in the drawer, and opening one marks it read', async () => {
    const app = await renderApp('/console/my-announcements', { as: 'broker@demo.test' });
    const list = await app.screen.findByRole('list', { name: 'Announcements' });
    const nav = app.screen.getByRole('navigation', { name: 'Main' });
    const chip = await within(nav).findByLabelText(/^\d+ unread$/);
    const before = Number(chip.textContent);
    expect(before).toBeGreaterThan(0);
    const first = within(list).getAllByRole('button', { expanded: false })[0]!;
    expect(within(first).getByText('Unread')).toBeInTheDocument();
    await app.user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(nav).getByLabelText(`${before - 1} unread`)).toBeInTheDocument());
    const server = await testServer();
    const me = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'broker@demo.test')
      .executeTakeFirstOrThrow();
    const { n } = await server.db
      .selectFrom('announcement_reads')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(n).toBe(1);
    await app.user.click(app.screen.getByRole('button', { name: 'Unread' }));
    await waitFor(() => expect(window.location.search).toBe('?show=unread'));
  });
});

describe('My Metrics', () => {
  it('shows twelve months as charts, switches to the table and to three months, keeping both in the address', async () => {
    const app = await renderApp('/console/my-metrics', { as: 'broker@demo.test' });
    expect(await app.screen.findByRole('img', { name: /^Referrals received per month\. / })).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    await app.user.click(app.screen.getByRole('button', { name: 'Table' }));
    const table = await app.screen.findByRole('table', { name: 'Monthly metrics' });
    expect(rowsOf(table)).toHaveLength(12);
    await app.user.click(app.screen.getByRole('button', { name: '3 months' }));
    await waitFor(() => expect(rowsOf(app.screen.getByRole('table', { name: 'Monthly metrics' }))).toHaveLength(3));
    expect(new URLSearchParams(window.location.search).get('months')).toBe('3');
    expect(new URLSearchParams(window.location.search).get('view')).toBe('table');
    const server = await testServer();
    const harbor = await server.db
      .selectFrom('brokerages')
      .select('id')
      .where('name', '=', 'Harbor Point Realty')
      .executeTakeFirstOrThrow();
    const now = new Date();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const { n } = await server.db
      .selectFrom('referrals')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('brokerage_id', '=', harbor.id)
      .where('created_at', '>=', start)
      .executeTakeFirstOrThrow();
    const last = rowsOf(app.screen.getByRole('table', { name: 'Monthly metrics' })).at(-1)!;
    expect(within(last).getAllByRole('cell')[1]).toHaveTextContent(String(n));
  });
});

describe('Email settings', () => {
  it('adds an address after the email check, changes it and deletes it', async () => {
    const app = await renderApp('/console/settings/email', { as: 'broker@demo.test' });
    const field = await app.screen.findByRole('textbox', { name: 'New address for Referral closed' });
    await app.user.type(field, 'bad@address');
    await app.user.click(within(field.closest('form')!).getByRole('button', { name: 'Add' }));
    expect(await app.screen.findByText('Invalid e-mail.')).toBeInTheDocument();
    await app.user.clear(field);
    await app.user.type(field, 'closings@harborpoint.example');
    await app.user.click(within(field.closest('form')!).getByRole('button', { name: 'Add' }));
    const addresses = await app.screen.findByRole('list', { name: 'Addresses for Referral closed' });
    expect(within(addresses).getByText('closings@harborpoint.example')).toBeInTheDocument();
    await app.user.click(
      within(addresses).getByRole('button', { name: 'Change closings@harborpoint.example for Referral closed' }),
    );
    const edit = within(addresses).getByRole('textbox', { name: 'Address for Referral closed' });
    await app.user.clear(edit);
    await app.user.type(edit, 'sold@harborpoint.example');
    await app.user.click(within(addresses).getByRole('button', { name: 'Save' }));
    expect(await within(addresses).findByText('sold@harborpoint.example')).toBeInTheDocument();
    await app.user.click(
      within(addresses).getByRole('button', { name: 'Delete sold@harborpoint.example for Referral closed' }),
    );
    await app.user.click(
      within(await app.screen.findByRole('dialog', { name: 'Delete address' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(app.screen.queryByRole('list', { name: 'Addresses for Referral closed' })).not.toBeInTheDocument(),
    );
    const server = await testServer();
    expect(
      await server.db
        .selectFrom('email_settings')
        .select('id')
        .where('email', 'in', ['closings@harborpoint.example', 'sold@harborpoint.example'])
        .execute(),
    ).toEqual([]);
  });
});

describe('The settings dialog', () => {
  it('opens at /console?settings=true with the Cloze connection, and closing it drops the parameter', async () => {
    const app = await renderApp('/console?settings=true', { as: 'broker@demo.test' });
    const dialog = await app.screen.findByRole('dialog', { name: 'Settings' });
    expect(await within(dialog).findByRole('button', { name: 'Connect Cloze' })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('link', { name: 'Choose which emails your brokerage receives' }),
    ).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(app.screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument());
    expect(window.location.search).toBe('');
  });

  it('is reached by clicking: the profile opens Settings over the page, Back closes it, and it leads to the email settings', async () => {
    const app = await renderApp('/console/my-admins', { as: 'broker@demo.test' });
    const openSettings = async () => {
      await app.user.click(await app.screen.findByRole('button', { name: 'Harbor Point Realty' }));
      const profile = await app.screen.findByRole('dialog', { name: 'Profile' });
      await app.user.click(within(profile).getByRole('button', { name: 'Settings' }));
      return app.screen.findByRole('dialog', { name: 'Settings' });
    };
    let dialog = await openSettings();
    expect(await within(dialog).findByRole('button', { name: 'Connect Cloze' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/console/my-admins');
    act(() => {
      window.history.back();
    });
    await waitFor(() => expect(app.screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/console/my-admins');
    dialog = await openSettings();
    await app.user.click(within(dialog).getByRole('link', { name: 'Choose which emails your brokerage receives' }));
    await waitFor(() => expect(window.location.pathname).toBe('/console/settings/email'));
    expect(await app.screen.findByRole('heading', { name: 'New referral', level: 3 })).toBeInTheDocument();
  });

  it('shows a connected account and disconnects it', async () => {
    const server = await testServer();
    const me = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'broker@demo.test')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('connector_connections')
      .values({ user_id: me.id, provider: 'cloze', connected_at: new Date() })
      .execute();
    const app = await renderApp('/console?settings=true', { as: 'broker@demo.test' });
    const dialog = await app.screen.findByRole('dialog', { name: 'Settings' });
    expect(await within(dialog).findByText('broker@demo.test')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Disconnect Cloze' }));
    expect(await within(dialog).findByRole('button', { name: 'Connect Cloze' })).toBeInTheDocument();
  });
});
