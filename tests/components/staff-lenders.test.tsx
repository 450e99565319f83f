import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('lenders', () => {
  it('lists the loan offices for staff, and opens one with its loan officers', async () => {
    const server = await testServer();
    const summit = await server.db
      .selectFrom('loan_offices')
      .select('id')
      .where('name', '=', 'Summit Home Loans')
      .executeTakeFirstOrThrow();
    const officers = await server.db
      .selectFrom('loan_officers')
      .select(['first_name', 'last_name'])
      .where('loan_office_id', '=', summit.id)
      .execute();
    const { screen, user } = await renderApp('/console/lenders', { as: 'qa@demo.test' });
    const table = await screen.findByRole('table', { name: 'Loan offices' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'summit{Enter}');
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1));
    await user.click(within(table).getByRole('link', { name: 'Summit Home Loans' }));
    expect(await screen.findByRole('heading', { name: 'Summit Home Loans', level: 2 })).toBeInTheDocument();
    const list = await screen.findByRole('table', { name: 'Loan officers' });
    await waitFor(() => expect(rowsOf(list)).toHaveLength(Math.min(10, officers.length)));
    expect(within(list).getByText(`${officers[0]!.first_name} ${officers[0]!.last_name}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Impersonate' })).not.toBeInTheDocument();
  });

  it('shows a loan-office admin only their own office, without a link to the staff lender view', async () => {
    const { screen } = await renderApp('/console/lenders', { as: 'lender@demo.test' });
    const table = await screen.findByRole('table', { name: 'Loan offices' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1));
    expect(within(table).getByText('Summit Home Loans')).toBeInTheDocument();
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('the impersonation audit', () => {
  it('lists impersonation sessions and requests for ADMIN', async () => {
    const server = await testServer();
    const ids = Object.fromEntries(
      (
        await server.db
          .selectFrom('users')
          .select(['id', 'email'])
          .where('email', 'in', ['engagement@demo.test', 'broker@demo.test'])
          .execute()
      ).map((u) => [u.email, u.id]),
    );
    await server.db
      .insertInto('audit_log')
      .values(
        [1, 2, 3].map((n) => ({
          actor_user_id: ids['engagement@demo.test']!,
          as_user_id: ids['broker@demo.test']!,
          action: 'IMPERSONATED_REQUEST',
          detail: `GET /agents-api/brokerages/${n}/stats`,
          created_at: new Date(Date.now() - n * 60_000),
        })),
      )
      .execute();
    const { screen, user } = await renderApp('/console/impersonation-audit', { as: 'admin@demo.test' });
    const sessions = await screen.findByRole('table', { name: 'Impersonation sessions' });
    await waitFor(() =>
      expect(rowsOf(sessions).some((r) => r.textContent?.includes('engagement@demo.test'))).toBe(true),
    );
    const row = rowsOf(sessions).find((r) => r.textContent?.includes('engagement@demo.test'))!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)[1],
    ).toContain('broker@demo.test');
    expect(within(row).getAllByRole('cell')[4]).toHaveTextContent('3');
    await user.click(screen.getByRole('tab', { name: 'Requests' }));
    const requests = await screen.findByRole('table', { name: 'Impersonated requests' });
    expect(await within(requests).findByText('GET /agents-api/brokerages/1/stats')).toBeInTheDocument();
  });
});
