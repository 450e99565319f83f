import { waitFor, within } from '@testing-library/react';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

// The Bulk SMS Send page's history: past sends newest first, paged with the spec's control (page in
// the URL); a send opens its report. Every role the route admits sees it.

// The seeded server starts once, outside the tests' time (a loaded machine takes long to seed and load the lazy screen).
beforeAll(async () => {
  await testServer();
}, 120_000);
const slow = { timeout: 30_000 };

describe('the bulk SMS send history', () => {
  it('lists past sends newest first with their counts, pages in the URL, and opens a send’s report', async () => {
    const server = await testServer();
    const total = (await sql<{ n: number }>`select count(*)::int as n from sms_jobs`.execute(server.db)).rows[0]!.n;
    const newest = await server.db
      .selectFrom('sms_jobs')
      .select(['id', 'total'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const sentOfNewest = Number(
      (
        await server.db
          .selectFrom('sms_job_recipients')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('job_id', '=', newest.id)
          .where('status', '=', 'SENT')
          .executeTakeFirstOrThrow()
      ).n,
    );

    const { screen, user } = await renderApp('/console/bulk-sms-send', { as: 'admin@demo.test' });
    const table = await screen.findByRole('table', { name: 'Past sends' }, slow);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11), slow); // header + 10
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Sent on', 'Sent by', 'Message', 'Recipients', 'Sent', 'Suppressed', 'Status']);
    const first = within(table).getAllByRole('row')[1]!;
    const cells = within(first)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[3]).toBe(newest.total.toLocaleString('en-US'));
    expect(cells[4]).toBe(sentOfNewest.toLocaleString('en-US'));
    expect(cells[6]).toBe('Complete');
    const pages = screen.getByRole('navigation', { name: 'Sends pages' });
    expect(within(pages).getByText(`1 - 10 of ${total} sends`)).toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await within(pages).findByText(`11 - ${Math.min(20, total)} of ${total} sends`)).toBeInTheDocument();
    expect(window.location.search).toContain('page=2');

    await user.click(within(pages).getByRole('button', { name: 'Previous page' }));
    const link = (await within(await screen.findByRole('table', { name: 'Past sends' })).findAllByRole('link'))[0]!;
    await user.click(link);
    const report = await screen.findByRole('region', { name: 'Send report' }, slow);
    expect(window.location.search).toBe(`?job=${newest.id}`);
    expect(within(report).getByText('Send complete')).toBeInTheDocument();
    expect(report).toHaveTextContent(`Sent${sentOfNewest.toLocaleString('en-US')}Suppressed`);
  }, 120_000);

  it('shows the composer and the history to an agent-engagement sender', async () => {
    const { screen } = await renderApp('/console/bulk-sms-send', { as: 'engagement@demo.test' });
    expect(await screen.findByRole('button', { name: 'Run Pre-flight' }, slow)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Past sends' }, slow);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11), slow);
  }, 90_000);
});
