import { waitFor, within } from '@testing-library/react';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { impersonationStore } from '../../src/session/state.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const summitId = async () =>
  (
    await (
      await testServer()
    ).db
      .selectFrom('loan_offices')
      .select('id')
      .where('name', '=', 'Summit Home Loans')
      .executeTakeFirstOrThrow()
  ).id;
const countWhere = async (where: string) =>
  Number(
    (
      await sql<{ n: number }>`select count(*)::int as n from lender_referrals where ${sql.raw(where)}`.execute(
        (await testServer()).db,
      )
    ).rows[0]!.n,
  );

describe('the lender overview', () => {
  it('shows the loan office’s widgets with figures counted from the rows, each with its info button', async () => {
    const summit = await summitId();
    const { screen, user } = await renderApp('/console', { as: 'lender@demo.test' });
    const byStatus = await screen.findByRole('region', { name: 'Referrals by Status' });
    const closed = await countWhere(`loan_office_id = ${summit} and status = 'CLOSED'`);
    const list = await within(byStatus).findByRole('list', { name: 'Referrals by status' });
    const row = within(list).getByRole('link', { name: 'Loan Closed' }).closest('li')!;
    expect(row).toHaveTextContent(String(closed));
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/console/lender-referrals?status=CLOSED');
    for (const name of [
      'Referrals Received',
      'Referrals per Month',
      'Referrals per Loan Officer',
      'Time to First Contact',
      'Conversion to Closed Loans',
    ]) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    await user.click(within(byStatus).getByRole('button', { name: 'About Referrals by Status' }));
    expect(await screen.findByRole('dialog', { name: 'Referrals by Status' })).toBeInTheDocument();
    expect(await screen.findByText(/Last updated/)).toBeInTheDocument();
  }, 90_000); // the first test of the file also pays for transforming the console's chunks on a shared 2-core machine

  it('Loans Closed opens the closed loans received in its 12 months, the day shown in Received From', async () => {
    const summit = await summitId();
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
    const closedYear = await countWhere(
      `loan_office_id = ${summit} and status = 'CLOSED' and received_at >= '${first}T00:00:00Z'`,
    );
    const { screen, user } = await renderApp('/console', { as: 'lender@demo.test' });
    const conversion = await screen.findByRole('region', { name: 'Conversion to Closed Loans' });
    const tile = await within(conversion).findByRole('link', { name: /^Loans Closed/ });
    expect(tile).toHaveTextContent(String(closedYear));
    expect(tile).toHaveAttribute('href', `/console/lender-referrals?status=CLOSED&receivedFrom=${first}`);
    await user.click(tile);
    expect(await screen.findByLabelText('Received From')).toHaveValue(first);
    expect(await screen.findByText(new RegExp(`of ${closedYear} referrals`))).toBeInTheDocument();
    // Clearing the day lists every closed loan, as the Loan Closed bar does.
    await user.clear(screen.getByLabelText('Received From'));
    const all = await countWhere(`loan_office_id = ${summit} and status = 'CLOSED'`);
    expect(await screen.findByText(new RegExp(`of ${all} referrals`))).toBeInTheDocument();
  });
});

describe('My Loan Officers', () => {
  it('lists the office’s officers A to Z, adds one through the form with the spec’s messages, and keeps the filter in the URL', async () => {
    const { screen, user } = await renderApp('/console/my-loan-officers', { as: 'lender@demo.test' });
    const table = await screen.findByRole('table', { name: 'Loan officers' });
    await waitFor(() => expect(rowsOf(table).length).toBeGreaterThanOrEqual(4));
    await user.click(screen.getByRole('button', { name: 'Add Loan Officer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Loan Officer' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Invalid e-mail.')).toBeInTheDocument();
    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'First Name' }), 'Aaron');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last Name' }), 'Aardvark');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'aaron@summit.example');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '(555) 010-7777');
    await user.type(within(dialog).getByRole('textbox', { name: 'NMLS ID' }), '7654321');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Loan Officer' })).not.toBeInTheDocument());
    await waitFor(() => expect(rowsOf(table)[0]).toHaveTextContent('Aaron Aardvark'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'INACTIVE');
    await waitFor(() => expect(window.location.search).toBe('?status=INACTIVE'));
    expect(await within(table).findByText('No loan officers found.')).toBeInTheDocument();
  });

  it('shows a brokerage admin the officers their referrals went to, read-only', async () => {
    const { screen } = await renderApp('/console/my-loan-officers', { as: 'broker@demo.test' });
    const table = await screen.findByRole('table', { name: 'Loan officers' });
    await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Add Loan Officer' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('link')).not.toBeInTheDocument(); // view/:id is not a broker route
  });
});

describe('lender referrals', () => {
  it('filters by status from the URL and assigns a referral to a loan officer from its view', async () => {
    const summit = await summitId();
    const server = await testServer();
    const target = (
      await sql<{
        id: number;
        first: string | null;
        last: string | null;
        officer: number | null;
      }>`select lr.id, op.contact_first as first, op.contact_last as last, lr.loan_officer_id as officer
      from lender_referrals lr join opportunities op on op.id = lr.opportunity_id
      where lr.loan_office_id = ${summit} and lr.status = 'UNDERWRITING' order by lr.id limit 1`.execute(server.db)
    ).rows[0]!;
    const officer = await server.db
      .selectFrom('loan_officers')
      .select(['id', 'first_name', 'last_name'])
      .where('loan_office_id', '=', summit)
      .where('status', '=', 'ACTIVE')
      .where('id', '!=', target.officer ?? 0)
      .orderBy('last_name')
      .executeTakeFirstOrThrow();
    const { screen, user } = await renderApp('/console/lender-referrals?status=UNDERWRITING', {
      as: 'lender@demo.test',
    });
    const table = await screen.findByRole('table', { name: 'Lender referrals' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('UNDERWRITING');
    await user.click(within(table).getByRole('link'));
    const card = (await screen.findByRole('heading', { name: 'Loan Officer' })).closest('section, div')!;
    await user.selectOptions(
      within(card as HTMLElement).getByRole('combobox', { name: 'Loan Officer' }),
      String(officer.id),
    );
    await user.click(within(card as HTMLElement).getByRole('button', { name: /Assign|Reassign/ }));
    await waitFor(async () =>
      expect(
        (
          await server.db
            .selectFrom('lender_referrals')
            .select('loan_officer_id')
            .where('id', '=', target.id)
            .executeTakeFirstOrThrow()
        ).loan_officer_id,
      ).toBe(officer.id),
    );
    expect(
      await within(screen.getByRole('list', { name: 'History' })).findByText(
        new RegExp(`to ${officer.first_name} ${officer.last_name}`),
      ),
    ).toBeInTheDocument();
    // The assignment can be taken back from its message.
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(async () =>
      expect(
        (
          await server.db
            .selectFrom('lender_referrals')
            .select('loan_officer_id')
            .where('id', '=', target.id)
            .executeTakeFirstOrThrow()
        ).loan_officer_id,
      ).toBe(target.officer),
    );
  });

  it('closes a loan only after confirming it with the loan amount, and offers no reassignment afterwards', async () => {
    const summit = await summitId();
    const server = await testServer();
    const target = await server.db
      .selectFrom('lender_referrals')
      .select('id')
      .where('loan_office_id', '=', summit)
      .where('status', '=', 'UNDERWRITING')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { screen, user } = await renderApp(`/console/lender-referrals/view/${target.id}`, { as: 'lender@demo.test' });
    // Loan Closed is final: the next step's primary button asks first, for the amount and the closing date.
    const next = within(await screen.findByRole('group', { name: 'Next step' })).getByRole('button', {
      name: 'Move to Loan Closed…',
    });
    await user.click(next);
    const dialog = await screen.findByRole('dialog', { name: 'Loan Closed' });
    // The amount on file is offered; without one the close is refused beside the field.
    const amount = within(dialog).getByRole('textbox', { name: 'Loan Amount (USD)' });
    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Close Loan' }));
    expect(await within(dialog).findByText('Enter the loan amount')).toBeInTheDocument();
    expect(await countWhere(`id = ${target.id} and status = 'UNDERWRITING'`)).toBe(1);
    await user.type(amount, '312,500');
    await user.click(within(dialog).getByRole('button', { name: 'Close Loan' }));
    await waitFor(async () =>
      expect(await countWhere(`id = ${target.id} and status = 'CLOSED' and loan_amount_cents = 31250000`)).toBe(1),
    );
    expect(await screen.findByText('A closed loan is final.')).toBeInTheDocument();
    // No reassigning a closed loan.
    expect(screen.queryByRole('button', { name: /Assign|Reassign/ })).not.toBeInTheDocument();
  });

  it('shows staff impersonating the loan office exactly what its admin sees', async () => {
    const summit = await summitId();
    const server = await testServer();
    const lender = (
      await server.db.selectFrom('users').select('id').where('email', '=', 'lender@demo.test').executeTakeFirstOrThrow()
    ).id;
    const { screen, user } = await renderApp(`/console/lenders/view/${summit}`, { as: 'admin@demo.test' });
    expect(await screen.findByRole('link', { name: 'View this loan office’s referrals' })).toHaveAttribute(
      'href',
      `/console/lender-referrals?office=${summit}`,
    );
    const officers = await screen.findByRole('table', { name: 'Loan officers' });
    await waitFor(() => expect(within(officers).getAllByRole('link').length).toBeGreaterThan(0));
    expect(within(officers).getAllByRole('link')[0]!.getAttribute('href')).toMatch(
      /^\/console\/my-loan-officers\/view\/\d+$/,
    );
    await user.click(await screen.findByRole('button', { name: 'Impersonate' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Impersonate Summit Home Loans' })).getByRole('button', {
        name: 'Impersonate',
      }),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/console'));
    expect(impersonationStore.get()?.user.id).toBe(lender);
    expect(await screen.findByRole('region', { name: 'Referrals per Loan Officer' })).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'My Referrals' }),
    );
    const table = await screen.findByRole('table', { name: 'Lender referrals' });
    const total = await countWhere(`loan_office_id = ${summit}`);
    expect(await screen.findByText(new RegExp(`of ${total} referrals`))).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Loan Office' })).not.toBeInTheDocument();
  });
});
