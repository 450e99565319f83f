import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

// A send's per-recipient report: the recipient, the phone as the project writes phones,
// the status in the one label table, the reason of a row not sent; filtered by status and paged
// with the spec's control, the view in the URL; cards on a phone. Every role the route admits.

beforeAll(async () => {
  await testServer();
}, 120_000);
afterEach(() => {
  window.innerWidth = 1024;
});
const slow = { timeout: 30_000 };

/** A finished send of 25 recipients: lines 3, 6, 9 ... not sent (every third, alternating reasons). */
async function seedJob(key: string, brokerage: 'harbor' | null = null): Promise<number> {
  const server = await testServer();
  const admin = await server.db
    .selectFrom('users')
    .select(['id'])
    .where('email', '=', brokerage ? 'broker@demo.test' : 'admin@demo.test')
    .executeTakeFirstOrThrow();
  const harbor = brokerage
    ? (
        await server.db
          .selectFrom('users')
          .select('broker_id')
          .where('email', '=', 'broker@demo.test')
          .executeTakeFirstOrThrow()
      ).broker_id
    : null;
  const at = new Date(Date.now() + 60_000); // newest of all, so it heads the history
  const job = await server.db
    .insertInto('sms_jobs')
    .values({
      idempotency_key: key,
      created_by: admin.id,
      brokerage_id: harbor,
      message: `Report ${key}. Reply STOP to opt out.`,
      criteria: '{}',
      status: 'DONE',
      total: 25,
      created_at: at,
      finished_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('sms_job_recipients')
    .values(
      Array.from({ length: 25 }, (_, i) => {
        const position = i + 1;
        const suppressed = position % 3 === 0;
        return {
          job_id: job.id,
          position,
          phone: `+1207555${String(2000 + position)}`,
          opportunity_id: null,
          body: suppressed ? null : 'Hi',
          status: suppressed ? ('SUPPRESSED' as const) : ('SENT' as const),
          reason: suppressed ? (position % 2 === 0 ? ('DNC' as const) : ('QUIET_HOURS' as const)) : null,
          sent_at: suppressed ? null : at,
        };
      }),
    )
    .execute();
  return job.id;
}

describe('the per-recipient report of a send', () => {
  it('lists each recipient with the formatted phone, status and reason, filters by status and pages, the view in the URL', async () => {
    const id = await seedJob('report-component-1');
    const { screen, user } = await renderApp(`/console/bulk-sms-send?job=${id}`, { as: 'admin@demo.test' });
    const table = await screen.findByRole('table', { name: 'Recipients' }, slow);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11), slow); // header + 10
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Line', 'Recipient', 'Phone', 'Status', 'Reason', 'Sent at']);
    const third = within(table).getAllByRole('row')[3]!;
    expect(
      within(third)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((c) => c.textContent),
    ).toEqual(['3', 'Pasted number', '(207) 555-2003', 'Suppressed', 'Quiet hours (outside 8 AM-9 PM local)']);
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[3]!.textContent).toBe('Sent');
    const pages = screen.getByRole('navigation', { name: 'Recipients pages' });
    expect(within(pages).getByText('1 - 10 of 25 recipients')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'SUPPRESSED');
    await waitFor(() => expect(within(pages).getByText('1 - 8 of 8 recipients')).toBeInTheDocument(), slow);
    expect(new URLSearchParams(window.location.search).get('status')).toBe('SUPPRESSED');
    expect(new URLSearchParams(window.location.search).get('job')).toBe(String(id));
    const reasons = within(screen.getByRole('table', { name: 'Recipients' }))
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[4]!.textContent);
    expect(reasons).toEqual([
      'Quiet hours (outside 8 AM-9 PM local)',
      'On the DNC list',
      'Quiet hours (outside 8 AM-9 PM local)',
      'On the DNC list',
      'Quiet hours (outside 8 AM-9 PM local)',
      'On the DNC list',
      'Quiet hours (outside 8 AM-9 PM local)',
      'On the DNC list',
    ]);

    await user.selectOptions(screen.getByLabelText('Status'), '');
    await waitFor(() => expect(within(pages).getByText('1 - 10 of 25 recipients')).toBeInTheDocument(), slow);
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(pages).getByText('11 - 20 of 25 recipients')).toBeInTheDocument(), slow);
    expect(new URLSearchParams(window.location.search).get('page')).toBe('2');
    expect(within(screen.getByRole('table', { name: 'Recipients' })).getAllByRole('row')[1]!).toHaveTextContent(/^11/);
  }, 120_000);

  it('shows each recipient as a card on a phone, not a table', async () => {
    window.innerWidth = 400;
    const id = await seedJob('report-component-2');
    const { screen } = await renderApp(`/console/bulk-sms-send?job=${id}&status=SUPPRESSED`, { as: 'admin@demo.test' });
    const cards = await screen.findByRole('list', { name: 'Recipients' }, slow);
    await waitFor(() => expect(within(cards).getAllByRole('listitem')).toHaveLength(8), slow);
    const first = within(cards).getByRole('listitem', { name: 'Line 3: (207) 555-2003' });
    expect(first).toHaveTextContent('Phone(207) 555-2003');
    expect(first).toHaveTextContent('StatusSuppressed');
    expect(first).toHaveTextContent('ReasonQuiet hours (outside 8 AM-9 PM local)');
    expect(screen.queryByRole('table', { name: 'Recipients' })).not.toBeInTheDocument();
  }, 90_000);

  it('lets the view-only opportunities role open a send from the history and read its report, with no composer', async () => {
    const id = await seedJob('report-component-3');
    const { screen, user } = await renderApp('/console/bulk-sms-send', { as: 'opps@demo.test' });
    const history = await screen.findByRole('table', { name: 'Past sends' }, slow);
    expect(screen.queryByRole('button', { name: 'Run Pre-flight' })).not.toBeInTheDocument();
    expect(screen.getByText('Your role can read the past sends and their reports, but not send.')).toBeInTheDocument();
    await waitFor(() => expect(within(history).getAllByRole('link').length).toBeGreaterThan(0), slow);
    await user.click(within(history).getAllByRole('link')[0]!);
    await screen.findByRole('region', { name: 'Send report' }, slow);
    expect(new URLSearchParams(window.location.search).get('job')).toBe(String(id));
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('navigation', { name: 'Recipients pages' })).getByText('1 - 10 of 25 recipients'),
        ).toBeInTheDocument(),
      slow,
    );
    await user.click(screen.getByRole('button', { name: 'All Sends' }));
    expect(await screen.findByRole('table', { name: 'Past sends' }, slow)).toBeInTheDocument();
  }, 90_000);

  it('shows a brokerage admin only their brokerage’s sends in the history', async () => {
    const own = await seedJob('report-component-4', 'harbor');
    const server = await testServer();
    const harbor = (
      await server.db
        .selectFrom('users')
        .select('broker_id')
        .where('email', '=', 'broker@demo.test')
        .executeTakeFirstOrThrow()
    ).broker_id!;
    const theirs = Number(
      (
        await server.db
          .selectFrom('sms_jobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('brokerage_id', '=', harbor)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const { screen, user } = await renderApp('/console/bulk-sms-send', { as: 'broker@demo.test' });
    const history = await screen.findByRole('table', { name: 'Past sends' }, slow);
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(1 + Math.min(10, theirs)), slow);
    expect(
      within(screen.getByRole('navigation', { name: 'Sends pages' })).getByText(
        `1 - ${Math.min(10, theirs)} of ${theirs} sends`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run Pre-flight' })).toBeInTheDocument();
    await user.click(within(history).getAllByRole('link')[0]!);
    await screen.findByRole('region', { name: 'Send report' }, slow);
    expect(new URLSearchParams(window.location.search).get('job')).toBe(String(own));
  }, 90_000);
});
