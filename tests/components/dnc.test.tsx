import { waitFor, within } from '@testing-library/react';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1); // minus the header row
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

async function dncCount(where: 'all' | 'blocked' = 'all') {
  const server = await testServer();
  const { n } = await server.db
    .selectFrom('dnc_contacts')
    .select(sql<number>`count(*)::int`.as('n'))
    .$if(where === 'blocked', (q) => q.where('blocked', '=', true))
    .executeTakeFirstOrThrow();
  return n;
}

async function openDnc(as = 'csr@demo.test') {
  const app = await renderApp('/console/dnc-list', { as });
  const table = await app.screen.findByRole('table', { name: 'DNC List' });
  await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(1));
  return { ...app, table };
}

async function search(app: Awaited<ReturnType<typeof openDnc>>, text: string, expectedRows: number) {
  const box = app.screen.getByRole('searchbox', { name: 'Search' });
  await app.user.clear(box);
  await app.user.type(box, `${text}{Enter}`);
  await waitFor(() => expect(rowsOf(app.table)).toHaveLength(expectedRows));
}

describe('the do-not-call list', () => {
  it('names each channel in words, in the list and in New DNC (one label table), never WEB_FORM', async () => {
    const { screen, table, user } = await openDnc();
    const channels = rowsOf(table).map((r) => cellTexts(r)[3]);
    expect(channels).toContain('Web Form');
    expect(channels.filter((c) => c && /_/.test(c))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'New DNC' }));
    const channel = within(await screen.findByRole('dialog', { name: 'New DNC' })).getByRole('combobox', {
      name: 'Channel',
    });
    expect(
      within(channel)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not specified', 'Voice', 'SMS', 'Web Form', 'Email']);
  });

  it('shows the eight columns, 40 rows a page by default and the range of the whole list', async () => {
    const total = await dncCount();
    const { screen, table } = await openDnc();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Type',
      'Phone/Email',
      'Owner',
      'Channel',
      'Disposition',
      'Inbound Blocked',
      'Date Received',
      'Actions',
    ]);
    expect(rowsOf(table)).toHaveLength(40);
    expect(screen.getByRole('combobox', { name: 'DNC per page:' })).toHaveValue('40');
    expect(screen.getByText(`1 - 40 of ${total} DNC`)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show Only Inbound Blocked' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'New DNC' })).toBeInTheDocument();
  });

  it('pages with 10, 20 or 40 rows and the previous and next buttons', async () => {
    const total = await dncCount();
    const { screen, user, table } = await openDnc();
    const first = cellTexts(rowsOf(table)[0]!);
    await user.selectOptions(screen.getByRole('combobox', { name: 'DNC per page:' }), '10');
    await waitFor(() => expect(rowsOf(table)).toHaveLength(10));
    expect(screen.getByText(`1 - 10 of ${total} DNC`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText(`11 - 20 of ${total} DNC`)).toBeInTheDocument();
    await waitFor(() => expect(cellTexts(rowsOf(table)[0]!)).not.toEqual(first));
  });

  it('searches by phone number in any format and by email, and names the owner Porchlight or IRIS', async () => {
    const app = await openDnc();
    await search(app, '(555) 555-0100', 1);
    expect(cellTexts(rowsOf(app.table)[0]!).slice(0, 6)).toEqual([
      'Phone',
      '(555) 555-0100',
      'Porchlight',
      'Voice',
      'Requested no contact',
      'Yes',
    ]);
    await search(app, 'do.not.call@mail.example', 1);
    expect(cellTexts(rowsOf(app.table)[0]!).slice(0, 6)).toEqual([
      'Email',
      'do.not.call@mail.example',
      'IRIS',
      'Email',
      'Opted out (STOP reply)',
      'No',
    ]);
  });

  it('shows only inbound-blocked contacts with the switch on', async () => {
    const blocked = await dncCount('blocked');
    const { screen, user, table } = await openDnc();
    await user.click(screen.getByRole('switch', { name: 'Show Only Inbound Blocked' }));
    expect(await screen.findByText(`1 - 40 of ${blocked} DNC`)).toBeInTheDocument();
    await waitFor(() => expect(rowsOf(table).every((r) => cellTexts(r)[5] === 'Yes')).toBe(true));
    expect(within(rowsOf(table)[0]!).getByRole('button', { name: 'Unblock Number' })).toBeInTheDocument();
  });

  it("shows the page's generic message when the list cannot load", async () => {
    const app = await openDnc();
    await app.user.type(app.screen.getByRole('searchbox', { name: 'Search' }), `${'x'.repeat(255)}{Enter}`);
    expect(await app.screen.findByText('Whoops, Something went wrong. Try again.')).toBeInTheDocument();
  });
});

describe('blocking and unblocking', () => {
  it('asks first, then blocks the number, says so and reloads the list; unblocking reverses it', async () => {
    const server = await testServer();
    const app = await openDnc('admin@demo.test');
    await search(app, 'do.not.call@mail.example', 1);
    await app.user.click(within(rowsOf(app.table)[0]!).getByRole('button', { name: 'Block Number' }));
    let dialog = await app.screen.findByRole('dialog', { name: 'Block Number' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = () =>
      server.db
        .selectFrom('dnc_contacts')
        .select('blocked')
        .where('value', '=', 'do.not.call@mail.example')
        .executeTakeFirstOrThrow();
    expect((await row()).blocked).toBe(false);

    await app.user.click(within(rowsOf(app.table)[0]!).getByRole('button', { name: 'Block Number' }));
    dialog = await app.screen.findByRole('dialog', { name: 'Block Number' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Block Number' }));
    expect(await app.screen.findByText('Successfully blocked the number.')).toBeInTheDocument();
    await waitFor(() => expect(cellTexts(rowsOf(app.table)[0]!)[5]).toBe('Yes'));
    expect((await row()).blocked).toBe(true);

    await app.user.click(within(rowsOf(app.table)[0]!).getByRole('button', { name: 'Unblock Number' }));
    dialog = await app.screen.findByRole('dialog', { name: 'Unblock Number' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Unblock Number' }));
    expect(await app.screen.findByText('Successfully unblocked the number.')).toBeInTheDocument();
    await waitFor(() => expect(cellTexts(rowsOf(app.table)[0]!)[5]).toBe('No'));
    expect((await row()).blocked).toBe(false);
  });

  it("shows the server's message when the change is refused", async () => {
    const server = await testServer();
    await server.db
      .insertInto('dnc_contacts')
      .values({
        type: 'PHONE',
        value: '+15550009999',
        owner_type: 'PORCHLIGHT',
        channel: 'SMS',
        disposition: null,
        blocked: false,
        created: new Date(),
      })
      .execute();
    const app = await openDnc();
    await search(app, '555-000-9999', 1);
    await server.db.deleteFrom('dnc_contacts').where('value', '=', '+15550009999').execute();
    await app.user.click(within(rowsOf(app.table)[0]!).getByRole('button', { name: 'Block Number' }));
    await app.user.click(
      within(await app.screen.findByRole('dialog', { name: 'Block Number' })).getByRole('button', {
        name: 'Block Number',
      }),
    );
    expect(await app.screen.findByText('No such do-not-call contact')).toBeInTheDocument();
    await waitFor(() => expect(rowsOf(app.table)).toHaveLength(1));
    expect(within(app.table).getByText('No DNC contacts found.')).toBeInTheDocument();
  });
});

describe('a new DNC contact', () => {
  it("checks the phone rule, adds the number, and refuses a duplicate with the server's message", async () => {
    const server = await testServer();
    const app = await openDnc();
    await app.user.click(app.screen.getByRole('button', { name: 'New DNC' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'New DNC' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await app.user.click(save);
    expect(await within(dialog).findByText('Phone number is required')).toBeInTheDocument();
    await app.user.type(within(dialog).getByLabelText('Phone Number'), '555-01');
    await app.user.click(save);
    expect(await within(dialog).findByText('Invalid phone number.')).toBeInTheDocument();
    await app.user.clear(within(dialog).getByLabelText('Phone Number'));
    await app.user.type(within(dialog).getByLabelText('Phone Number'), '(555) 321-7654');
    await app.user.selectOptions(within(dialog).getByLabelText('Channel'), 'SMS');
    await app.user.type(within(dialog).getByLabelText('Disposition'), 'Asked by text');
    await app.user.click(save);
    expect(await app.screen.findByText('Added (555) 321-7654 to the DNC list.')).toBeInTheDocument();
    await waitFor(() => expect(app.screen.queryByRole('dialog', { name: 'New DNC' })).not.toBeInTheDocument());
    const saved = await server.db
      .selectFrom('dnc_contacts')
      .selectAll()
      .where('value', '=', '+15553217654')
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({
      type: 'PHONE',
      owner_type: 'PORCHLIGHT',
      channel: 'SMS',
      disposition: 'Asked by text',
      blocked: false,
    });
    await search(app, '5553217654', 1);

    await app.user.click(app.screen.getByRole('button', { name: 'New DNC' }));
    const again = await app.screen.findByRole('dialog', { name: 'New DNC' });
    await app.user.type(within(again).getByLabelText('Phone Number'), '555.321.7654');
    await app.user.click(within(again).getByRole('button', { name: 'Save' }));
    // The server ties the refusal to the number: it shows beside the field.
    await waitFor(() =>
      expect(within(again).getByLabelText('Phone Number')).toHaveAccessibleDescription(
        'Already on the do-not-call list',
      ),
    );
  });

  it('checks the email rule for an EMAIL contact', async () => {
    const server = await testServer();
    const app = await openDnc();
    await app.user.click(app.screen.getByRole('button', { name: 'New DNC' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'New DNC' });
    await app.user.click(within(dialog).getByRole('radio', { name: 'Email' }));
    await app.user.type(within(dialog).getByLabelText('Email Address'), 'no-at-sign.example');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Invalid e-mail.')).toBeInTheDocument();
    await app.user.clear(within(dialog).getByLabelText('Email Address'));
    await app.user.type(within(dialog).getByLabelText('Email Address'), 'Quiet.Please@Inbox.Example');
    await app.user.click(within(dialog).getByRole('switch', { name: 'Inbound Blocked' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await app.screen.findByText('Added quiet.please@inbox.example to the DNC list.')).toBeInTheDocument();
    const saved = await server.db
      .selectFrom('dnc_contacts')
      .selectAll()
      .where('value', '=', 'quiet.please@inbox.example')
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ type: 'EMAIL', blocked: true });
  });
});

describe('the CSV export', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('downloads the whole filtered list', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:dnc';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const blocked = await dncCount('blocked');
    const app = await openDnc();
    await app.user.click(app.screen.getByRole('switch', { name: 'Show Only Inbound Blocked' }));
    await app.user.click(app.screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const lines = (await blobs[0]!.text()).trim().split('\r\n');
    expect(lines[0]).toContain('Id,Type,Phone/Email,Owner Type,Channel,Disposition,Inbound Blocked,Date Received');
    expect(lines).toHaveLength(blocked + 1);
    expect(lines.slice(1).every((l) => l.split(',')[6] === 'true')).toBe(true);
  });
});
