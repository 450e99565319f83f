import { render, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { App } from '../../src/app/App.tsx';
import { renderApp, testServer } from '../setup/render-app.tsx';

// User Management and the Announcements editor through the console against the in-process API.

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
// The machine is shared: the first lazy screen of a file can take seconds to arrive.
const SLOW = { timeout: 20_000 };
const TEST_MS = 90_000;

describe('User Management', () => {
  it(
    "offers exactly the spec's role filter and keeps the search and filters in the address",
    async () => {
      const app = await renderApp('/console/user-management', { as: 'manager@demo.test' });
      const table = await app.screen.findByRole('table', { name: 'Users' }, SLOW);
      await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(1));
      const role = app.screen.getByRole('combobox', { name: 'Role' });
      expect(
        within(role)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'All roles',
        'Admin',
        'Brokerage Admin',
        'Agent',
        'Manager',
        'CSR Supervisor',
        'CSR',
        'Agent Engagement',
        'QA Team',
      ]);
      await app.user.selectOptions(role, 'CSR');
      await waitFor(() => expect(new URLSearchParams(window.location.search).get('role')).toBe('CSR'));
      await app.user.type(app.screen.getByRole('searchbox', { name: 'Search' }), 'casey{Enter}');
      await waitFor(() => expect(new URLSearchParams(window.location.search).get('q')).toBe('casey'));
      await waitFor(() =>
        expect(rowsOf(app.screen.getByRole('table', { name: 'Users' })).map((r) => r.textContent)).toEqual([
          expect.stringContaining('csr@demo.test'),
        ]),
      );
    },
    TEST_MS,
  );

  it(
    'groups the roles of Create User by who they are for, each with a line on what it opens',
    async () => {
      const app = await renderApp('/console/user-management/create', { as: 'admin@demo.test' });
      const roles = await app.screen.findByRole('group', { name: 'Roles' }, SLOW);
      const groups = within(roles)
        .getAllByRole('group')
        .map((g) => g.querySelector('legend')?.textContent);
      expect(groups).toEqual(['Staff', 'Brokerage', 'Lender', 'Technical (system integrations)']);
      const staff = within(roles).getByRole('group', { name: 'Staff' });
      expect(within(staff).getByRole('checkbox', { name: /^CSR Supervisor/ })).toHaveAccessibleDescription(
        /contact center/,
      );
      expect(within(staff).queryByRole('checkbox', { name: /^Loan Office Admin/ })).toBeNull();
      const technical = within(roles).getByRole('group', { name: 'Technical (system integrations)' });
      expect(within(technical).getByRole('checkbox', { name: /^DS Team/ })).toHaveAccessibleDescription(/not a person/);
      await app.user.click(within(staff).getByRole('checkbox', { name: /^Manager/ }));
      await app.user.click(within(roles).getByRole('checkbox', { name: /^Brokerage Admin/ }));
      expect(within(staff).getByRole('checkbox', { name: /^Manager/ })).toBeChecked();
    },
    TEST_MS,
  );

  it(
    'shows each error next to its field, moves focus to the first, clears it as the field changes, and puts a server refusal on its field',
    async () => {
      const app = await renderApp('/console/user-management/create', { as: 'admin@demo.test' });
      await app.screen.findByRole('group', { name: 'Roles' }, SLOW);
      await app.user.click(app.screen.getByRole('button', { name: 'Create and Send Invite' }));
      const first = app.screen.getByRole('textbox', { name: 'First Name' });
      await waitFor(() => expect(first).toHaveFocus());
      expect(first).toHaveAccessibleDescription('First name is required');
      await app.user.type(first, 'R');
      expect(first).not.toHaveAccessibleDescription('First name is required');
      expect(app.screen.getByRole('textbox', { name: 'Last Name' })).toHaveAccessibleDescription(
        'Last name is required',
      );
      await app.user.type(app.screen.getByRole('textbox', { name: 'Last Name' }), 'Taken');
      const email = app.screen.getByRole('textbox', { name: 'Email' });
      await app.user.type(email, 'manager@demo.test');
      await app.user.click(
        within(app.screen.getByRole('group', { name: 'Staff' })).getByRole('checkbox', { name: /^QA Team/ }),
      );
      await app.user.click(app.screen.getByRole('button', { name: 'Create and Send Invite' }));
      await waitFor(() => expect(email).toHaveAccessibleDescription('A user with this email address already exists'));
      expect(email).toHaveFocus();
      expect(app.screen.queryByText('A user with these details already exists')).toBeNull();
    },
    TEST_MS,
  );

  it(
    'Edit User: a cleared name is refused beside its field, with focus on it, and the message goes as the user types',
    async () => {
      const server = await testServer();
      const { id } = await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'csr@demo.test')
        .executeTakeFirstOrThrow();
      const app = await renderApp(`/console/user-management/edit/${id}`, { as: 'admin@demo.test' });
      const first = await app.screen.findByRole('textbox', { name: 'First Name' }, SLOW);
      await app.user.clear(first);
      await app.user.click(app.screen.getByRole('button', { name: 'Save Name' }));
      await waitFor(() => expect(first).toHaveFocus());
      expect(first).toHaveAccessibleDescription('First name is required');
      await app.user.type(first, 'Cas');
      expect(first).not.toHaveAccessibleDescription('First name is required');
    },
    TEST_MS,
  );

  it(
    'lets a manager tick only roles they may grant, and creating a user opens their page with the invitation pending',
    async () => {
      const app = await renderApp('/console/user-management/create', { as: 'manager@demo.test' });
      const roles = await app.screen.findByRole('group', { name: 'Roles' }, SLOW);
      expect(within(roles).getByRole('checkbox', { name: /^Admin/ })).toBeDisabled();
      expect(within(roles).getByRole('checkbox', { name: /^Manager/ })).toBeEnabled();
      await app.user.click(app.screen.getByRole('button', { name: 'Create and Send Invite' }));
      expect(await app.screen.findByText('Choose at least one role')).toBeInTheDocument();
      await app.user.type(app.screen.getByRole('textbox', { name: 'First Name' }), 'Robin');
      await app.user.type(app.screen.getByRole('textbox', { name: 'Last Name' }), 'Lender');
      await app.user.type(app.screen.getByRole('textbox', { name: 'Email' }), 'robin.lender@example.test');
      await app.user.click(within(roles).getByRole('checkbox', { name: /^Loan Office Admin/ }));
      const office = await app.screen.findByRole('combobox', { name: 'Loan Office' });
      await waitFor(() => expect(within(office).getAllByRole('option').length).toBeGreaterThan(1));
      await app.user.selectOptions(office, 'Summit Home Loans');
      await app.user.click(app.screen.getByRole('button', { name: 'Create and Send Invite' }));
      expect(await app.screen.findByRole('heading', { name: 'Robin Lender' }, SLOW)).toBeInTheDocument();
      expect(app.screen.getByText(/^Pending: sent/)).toBeInTheDocument();
      const server = await testServer();
      const mail = await server.db
        .selectFrom('outbox')
        .select('body')
        .where('recipient', '=', 'robin.lender@example.test')
        .executeTakeFirstOrThrow();
      expect(mail.body).toMatch(/\/register\/[A-Za-z0-9-]+/);

      // The invitee registers (what the outbox link's flow writes), and the manager opens the page again
      // at once over the same cache, as a reload restores it: the page asks the server again and shows it.
      const robin = await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'robin.lender@example.test')
        .executeTakeFirstOrThrow();
      await server.db.updateTable('users').set({ status: 'ACTIVE' }).where('id', '=', robin.id).execute();
      await server.db
        .updateTable('invites')
        .set({ used_at: new Date() })
        .where('user_id', '=', robin.id)
        .where('used_at', 'is', null)
        .execute();
      app.unmount();
      const again = render(<App client={app.client} />);
      expect(await again.findByRole('heading', { name: 'Robin Lender' }, SLOW)).toBeInTheDocument();
      await waitFor(() => expect(again.queryByText(/^Pending: sent/)).toBeNull());
      expect(again.getByText('Active', { exact: true })).toBeInTheDocument();
    },
    TEST_MS,
  );

  it(
    "adds and removes a role on the user's page, each change listed in its history",
    async () => {
      const server = await testServer();
      const qa = await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'qa@demo.test')
        .executeTakeFirstOrThrow();
      const app = await renderApp(`/console/user-management/edit/${qa.id}`, { as: 'admin@demo.test' });
      await app.screen.findByRole('heading', { name: 'Quinn Quality' }, SLOW);
      await app.user.selectOptions(await app.screen.findByRole('combobox', { name: 'Add Role' }), 'CSR');
      await app.user.click(app.screen.getByRole('button', { name: 'Add Role' }));
      const roles = app.screen.getByRole('list', { name: 'Roles' });
      await waitFor(() => expect(within(roles).getByText('CSR')).toBeInTheDocument());
      await app.user.click(within(roles).getByRole('button', { name: 'Remove CSR' }));
      await waitFor(() =>
        expect(within(app.screen.getByRole('list', { name: 'Roles' })).queryByText('CSR')).toBeNull(),
      );
      const history = app.screen.getByRole('table', { name: 'History' });
      await waitFor(() =>
        expect(rowsOf(history).map((r) => r.textContent)).toEqual([
          expect.stringContaining('Role removed'),
          expect.stringContaining('Role added'),
        ]),
      );
    },
    TEST_MS,
  );

  it(
    'locks the roles of a user who outranks the manager',
    async () => {
      const server = await testServer();
      const admin = await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'admin@demo.test')
        .executeTakeFirstOrThrow();
      const app = await renderApp(`/console/user-management/edit/${admin.id}`, { as: 'manager@demo.test' });
      expect(await app.screen.findByText("You cannot change this user's roles.", {}, SLOW)).toBeInTheDocument();
      expect(app.screen.queryByRole('combobox', { name: 'Add Role' })).toBeNull();
      expect(app.screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    },
    TEST_MS,
  );
});

describe('Announcements', () => {
  it(
    'shows read counts, and a new published announcement reaches the chosen brokerage',
    async () => {
      const app = await renderApp('/console/announcements', { as: 'admin@demo.test' });
      const table = await app.screen.findByRole('table', { name: 'Announcements' }, SLOW);
      await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(1));
      expect(within(table).getAllByText(/^\d+ of \d+$/).length).toBeGreaterThan(0);
      await app.user.click(app.screen.getByRole('button', { name: 'New Announcement' }));
      const dialog = await app.screen.findByRole('dialog', { name: 'New Announcement' });
      await app.user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Maple: new lead forms');
      await app.user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Use the new forms from Monday.');
      await app.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Audience' }), 'BROKERAGE');
      await app.user.click(await within(dialog).findByRole('checkbox', { name: 'Maple & Main Homes' }));
      await app.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'PUBLISHED');
      await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(app.screen.queryByRole('dialog')).toBeNull());
      await waitFor(() =>
        expect(
          within(app.screen.getByRole('table', { name: 'Announcements' })).getByText('Maple: new lead forms'),
        ).toBeInTheDocument(),
      );
      const server = await testServer();
      const row = await server.db
        .selectFrom('announcements as a')
        .innerJoin('announcement_brokerages as ab', 'ab.announcement_id', 'a.id')
        .innerJoin('brokerages as b', 'b.id', 'ab.brokerage_id')
        .select(['a.status', 'b.name'])
        .where('a.title', '=', 'Maple: new lead forms')
        .execute();
      expect(row).toEqual([{ status: 'PUBLISHED', name: 'Maple & Main Homes' }]);
    },
    TEST_MS,
  );

  it(
    'gives a broker admin their own announcements, to their agents only',
    async () => {
      const app = await renderApp('/console/announcements', { as: 'broker@demo.test' });
      const table = await app.screen.findByRole('table', { name: 'Announcements' }, SLOW);
      await waitFor(() =>
        expect(rowsOf(table).map((r) => r.textContent)).toEqual([
          expect.stringContaining('Draft: summer schedule'),
          expect.stringContaining('Team meeting Friday'),
        ]),
      );
      await app.user.click(app.screen.getByRole('button', { name: 'New Announcement' }));
      const dialog = await app.screen.findByRole('dialog', { name: 'New Announcement' });
      expect(within(dialog).queryByRole('combobox', { name: 'Audience' })).toBeNull();
      expect(within(dialog).getByText("Audience: your brokerage's agents.")).toBeInTheDocument();
    },
    TEST_MS,
  );
});
