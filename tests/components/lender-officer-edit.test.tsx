import { waitFor, within } from '@testing-library/react';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

// Second part: a loan officer is edited and reactivated from their view, which shows
// their figures; both lender lists export what they show as CSV and list the recently viewed records.

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

/** Captures the files the Export CSV button saves (jsdom has no object URLs). */
function captureDownloads(): Blob[] {
  const files: Blob[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        files.push(b);
        return 'blob:test';
      },
      revokeObjectURL: () => {},
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return files;
}
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a loan officer’s view', () => {
  it('shows the officer’s figures counted from the rows, edits their details with the spec’s messages, and deactivates and reactivates them', async () => {
    const server = await testServer();
    const summit = await summitId();
    const officer = (
      await sql<{
        id: number;
        first_name: string;
        last_name: string;
      }>`select o.id, o.first_name, o.last_name from loan_officers o
      where o.loan_office_id = ${summit} and o.status = 'ACTIVE' and exists (select 1 from lender_referrals lr where lr.loan_officer_id = o.id and lr.status = 'CLOSED')
      order by o.id limit 1`.execute(server.db)
    ).rows[0]!;
    const total = await countWhere(`loan_officer_id = ${officer.id}`);
    const closed = await countWhere(`loan_officer_id = ${officer.id} and status = 'CLOSED'`);
    const { screen, user } = await renderApp(`/console/my-loan-officers/view/${officer.id}`, {
      as: 'lender@demo.test',
    });
    const figures = (await screen.findByRole('heading', { name: 'Figures' }, { timeout: 60_000 })).closest(
      'section, div',
    )! as HTMLElement;
    expect(within(figures).getByText('Referrals').nextElementSibling).toHaveTextContent(String(total));
    expect(within(figures).getByText('Loans Closed').nextElementSibling).toHaveTextContent(String(closed));

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Loan Officer' });
    expect(within(dialog).getByRole('textbox', { name: 'First Name' })).toHaveValue(officer.first_name);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Last Name' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Last name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid e-mail.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Last Name' }), 'Renamed');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'renamed@summit.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Loan Officer' })).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: `${officer.first_name} Renamed`, level: 2 })).toBeInTheDocument();
    expect(
      await server.db
        .selectFrom('loan_officers')
        .select(['last_name', 'email'])
        .where('id', '=', officer.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ last_name: 'Renamed', email: 'renamed@summit.example' });

    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Deactivate Loan Officer' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Activate' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Activate Loan Officer' })).getByRole('button', {
        name: 'Activate',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(
      (
        await server.db
          .selectFrom('loan_officers')
          .select('status')
          .where('id', '=', officer.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('ACTIVE');
    // Their closed loans stayed theirs through it.
    expect(within(figures).getByText('Loans Closed').nextElementSibling).toHaveTextContent(String(closed));
  }, 120_000); // lazy chunks are transformed on first use, on a 2-core machine shared by many runs
});

describe('the lender lists', () => {
  it('My Loan Officers exports the filtered list as CSV and lists the recently viewed officers, newest first', async () => {
    const files = captureDownloads();
    const summit = await summitId();
    const officers = await (
      await testServer()
    ).db
      .selectFrom('loan_officers')
      .select(['id', 'first_name', 'last_name', 'status'])
      .where('loan_office_id', '=', summit)
      .orderBy('last_name')
      .execute();
    const active = officers.filter((o) => o.status === 'ACTIVE');
    const { screen, user } = await renderApp('/console/my-loan-officers?status=ACTIVE', { as: 'lender@demo.test' });
    const table = await screen.findByRole('table', { name: 'Loan officers' }, { timeout: 60_000 });
    await waitFor(() => expect(rowsOf(table).length).toBe(Math.min(10, active.length)));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const lines = (await files[0]!.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines.length - 1).toBe(active.length);
    expect(lines.slice(1).every((l) => l.includes(',Active,'))).toBe(true);

    expect(screen.queryByRole('navigation', { name: 'Recently Viewed' })).not.toBeInTheDocument();
    for (const o of active.slice(0, 2)) {
      // The list is drawn anew after coming back: find its table again.
      const list = await screen.findByRole('table', { name: 'Loan officers' });
      await user.click(await within(list).findByRole('link', { name: `${o.first_name} ${o.last_name}` }));
      expect(await screen.findByRole('heading', { name: 'Figures' }, { timeout: 60_000 })).toBeInTheDocument();
      window.history.back();
      await screen.findByRole('table', { name: 'Loan officers' });
    }
    const recent = await screen.findByRole('navigation', { name: 'Recently Viewed' });
    expect(
      within(recent)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(
      active
        .slice(0, 2)
        .reverse()
        .map((o) => `${o.first_name} ${o.last_name}`),
    );
  }, 120_000);

  it('lender referrals export the filtered list as CSV and list the recently viewed referrals', async () => {
    const files = captureDownloads();
    const summit = await summitId();
    const closed = await countWhere(`loan_office_id = ${summit} and status = 'CLOSED'`);
    const { screen, user } = await renderApp('/console/lender-referrals?status=CLOSED', { as: 'lender@demo.test' });
    const table = await screen.findByRole('table', { name: 'Lender referrals' });
    await waitFor(() => expect(rowsOf(table).length).toBe(Math.min(10, closed)));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const lines = (await files[0]!.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines.length - 1).toBe(closed);
    expect(lines.slice(1).every((l) => l.includes(',Loan Closed,'))).toBe(true);

    const link = within(table).getAllByRole('link')[0]!;
    const buyer = link.textContent!;
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'History' })).toBeInTheDocument();
    window.history.back();
    const recent = await screen.findByRole('navigation', { name: 'Recently Viewed' });
    expect(within(recent).getByRole('link', { name: buyer }).getAttribute('href')).toMatch(
      /^\/console\/lender-referrals\/view\/\d+$/,
    );
  }, 120_000);
});
