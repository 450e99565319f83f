import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

// The opportunity page's actions through the whole console against the in-process API. Each test
// takes opportunities from the end of the list, which the other opportunity tests do not use.

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
/** The value beside a label of the contact card's details. */
const detail = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

async function opportunityWithPhone(offset: number) {
  const server = await testServer();
  const o = await server.db
    .selectFrom('opportunities')
    .select(['id', 'contact_first', 'contact_last', 'contact_phone', 'phone_count'])
    .where('contact_phone', 'is not', null)
    .where('contact_first', 'is not', null)
    .where('contact_last', 'is not', null)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { server, ...o, name: `${o.contact_first} ${o.contact_last}` };
}

describe('working an opportunity', () => {
  it('logs a call with its disposition: the list, its count, Calls and the contact number all show it', async () => {
    const opp = await opportunityWithPhone(0);
    const before = Number(
      (
        await opp.server.db
          .selectFrom('interactions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('opportunity_id', '=', opp.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const { screen, user } = await renderApp(`/console/opportunities/view/${opp.id}`, { as: 'admin@demo.test' });
    await screen.findByRole('heading', { name: opp.name, level: 2 });
    const contact = screen.getByRole('region', { name: opp.name });
    const interactions = screen.getByRole('region', { name: 'Interactions' });
    expect(
      await within(interactions).findByText(`${before} ${before === 1 ? 'interaction' : 'interactions'}`),
    ).toBeInTheDocument();
    expect(detail(contact, 'Calls')).toBe(String(opp.phone_count));

    await user.click(within(interactions).getByRole('button', { name: 'Log Interaction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log Interaction' });
    expect(within(dialog).getByRole('radio', { name: 'Call' })).toBeChecked();
    const select = within(dialog).getByRole('combobox', { name: 'Disposition' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    const choice = within(select).getAllByRole('option')[1]!.textContent!;
    await user.selectOptions(select, choice);
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Asked for a call back on Friday.');
    // A call needs how long it lasted (or when it was): refused beside the field, nothing written.
    await user.click(within(dialog).getByRole('button', { name: 'Log Interaction' }));
    expect(await within(dialog).findByText('Enter how long the call lasted, or when it was made')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Duration (min:sec)' }), '4:30');
    await user.click(within(dialog).getByRole('button', { name: 'Log Interaction' }));

    expect(await screen.findByText('Call logged.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log Interaction' })).not.toBeInTheDocument());
    const table = within(interactions).getByRole('table', { name: 'Interactions' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(before + 1));
    expect(rowsOf(table)[0]).toHaveTextContent(choice);
    expect(rowsOf(table)[0]).toHaveTextContent('Asked for a call back on Friday.');
    expect(within(interactions).getByText(`${before + 1} interactions`)).toBeInTheDocument();
    await waitFor(() => expect(detail(contact, 'Calls')).toBe(String(opp.phone_count + 1)));
    const numbers = screen.getByRole('list', { name: 'Contact numbers' });
    await waitFor(() => expect(numbers).toHaveTextContent(`${opp.phone_count + 1} calls`));
    const saved = await opp.server.db
      .selectFrom('interactions')
      .select(['id', 'type', 'direction', 'summary', 'duration_seconds', 'struck_at'])
      .where('opportunity_id', '=', opp.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({
      type: 'CALL',
      direction: 'OUTBOUND',
      summary: 'Asked for a call back on Friday.',
      duration_seconds: 270,
      struck_at: null,
    });
    // Undo strikes it: it stays listed, crossed out, and no longer counts.
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(rowsOf(table)[0]).toHaveTextContent('Struck'));
    expect(rowsOf(table)[0]).toHaveTextContent('Undone right after logging');
    await waitFor(() => expect(detail(contact, 'Calls')).toBe(String(opp.phone_count)));
    expect(
      await opp.server.db
        .selectFrom('audit_log')
        .select('detail')
        .where('action', '=', 'INTERACTION_STRUCK')
        .where('detail', 'like', `interaction ${saved.id} %`)
        .execute(),
    ).toHaveLength(1);
  });

  it('corrects the disposition of a row, and Back closes the dialog without leaving the page', async () => {
    const opp = await opportunityWithPhone(1);
    const { screen, user } = await renderApp(`/console/opportunities/view/${opp.id}`, { as: 'supervisor@demo.test' });
    const interactions = await screen.findByRole('region', { name: 'Interactions' });
    const table = within(interactions).getByRole('table', { name: 'Interactions' });
    await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(0));
    const first = rowsOf(table)[0]!;

    await user.click(within(first).getByRole('button', { name: /^Correct disposition of/ }));
    expect(await screen.findByRole('dialog', { name: 'Correct Disposition' })).toBeInTheDocument();
    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Correct Disposition' })).not.toBeInTheDocument());
    expect(window.location.pathname).toBe(`/console/opportunities/view/${opp.id}`);

    await user.click(within(rowsOf(table)[0]!).getByRole('button', { name: /^Correct disposition of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct Disposition' });
    const select = within(dialog).getByRole('combobox', { name: 'Disposition' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(2));
    const current = (select as HTMLSelectElement).value;
    const next = within(select)
      .getAllByRole<HTMLOptionElement>('option')
      .find((o) => o.value && o.value !== current)!;
    await user.selectOptions(select, next);
    await user.click(within(dialog).getByRole('button', { name: 'Save Disposition' }));
    await waitFor(() => expect(rowsOf(table)[0]).toHaveTextContent(next.textContent!));
    expect(await screen.findByText(/^Disposition corrected to/)).toBeInTheDocument();
    const saved = await opp.server.db
      .selectFrom('interactions')
      .select('disposition_id')
      .where('opportunity_id', '=', opp.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(saved.disposition_id).toBe(Number(next.value));
  });

  it('edits the contact under the server’s rules: a bad phone is refused in the dialog, a good one saved and linked', async () => {
    const opp = await opportunityWithPhone(2);
    const { screen, user } = await renderApp(`/console/opportunities/view/${opp.id}`, { as: 'engagement@demo.test' });
    await screen.findByRole('heading', { name: opp.name, level: 2 });
    await user.click(screen.getByRole('button', { name: 'Edit Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Contact' });
    const phone = within(dialog).getByRole('textbox', { name: 'Phone Number' });
    await user.clear(phone);
    await user.type(phone, '207555');
    const email = within(dialog).getByRole('textbox', { name: 'Email Address' });
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Save Contact' }));
    expect(await within(dialog).findByText('Invalid phone number.')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid e-mail.')).toBeInTheDocument();

    await user.clear(phone);
    await user.type(phone, '(207) 555-0199');
    await user.clear(email);
    await user.type(email, 'Client.New@Mail.Example');
    await user.click(within(dialog).getByRole('button', { name: 'Save Contact' }));
    expect(await screen.findByText('Contact saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Contact' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: '(207) 555-0199' })).toHaveAttribute('href', 'tel:+12075550199');
    expect(screen.getByRole('link', { name: 'client.new@mail.example' })).toHaveAttribute(
      'href',
      'mailto:client.new@mail.example',
    );
    const row = await opp.server.db
      .selectFrom('opportunities')
      .select(['contact_phone', 'contact_email'])
      .where('id', '=', opp.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ contact_phone: '+12075550199', contact_email: 'client.new@mail.example' });
  });

  it('shows the lender with phone and email links, and says so when the opportunity went to none', async () => {
    const server = await testServer();
    const lr = await server.db
      .selectFrom('lender_referrals as lr')
      .innerJoin('loan_offices as lo', 'lo.id', 'lr.loan_office_id')
      .innerJoin('loan_officers as o', 'o.id', 'lr.loan_officer_id')
      .select(['lr.opportunity_id', 'lo.name', 'lo.phone', 'lo.email', 'o.email as officer_email'])
      .orderBy('lr.id', 'desc')
      .executeTakeFirstOrThrow();
    const { screen, unmount } = await renderApp(`/console/opportunities/view/${lr.opportunity_id}`, {
      as: 'qa@demo.test',
    });
    const lender = await screen.findByRole('region', { name: 'Lender' });
    expect(await within(lender).findByRole('link', { name: lr.name })).toBeInTheDocument();
    expect(within(lender).getByRole('link', { name: lr.email! })).toHaveAttribute('href', `mailto:${lr.email}`);
    const digits = lr.phone!.slice(-10);
    expect(
      within(lender).getByRole('link', { name: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` }),
    ).toHaveAttribute('href', `tel:${lr.phone}`);
    expect(within(lender).getByRole('link', { name: lr.officer_email! })).toHaveAttribute(
      'href',
      `mailto:${lr.officer_email}`,
    );
    unmount();

    const none = await server.db
      .selectFrom('opportunities as o')
      .select('o.id')
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('lender_referrals as lr').select('lr.id').whereRef('lr.opportunity_id', '=', 'o.id')),
        ),
      )
      .orderBy('o.id', 'desc')
      .offset(10)
      .executeTakeFirstOrThrow();
    const again = await renderApp(`/console/opportunities/view/${none.id}`, { as: 'qa@demo.test' });
    const empty = await again.screen.findByRole('region', { name: 'Lender' });
    expect(await within(empty).findByText('This opportunity has not gone to a lender.')).toBeInTheDocument();
  });

  it('offers the read-only opportunities role no write action', async () => {
    const opp = await opportunityWithPhone(3);
    const { screen } = await renderApp(`/console/opportunities/view/${opp.id}`, { as: 'opps@demo.test' });
    await screen.findByRole('heading', { name: opp.name, level: 2 });
    const interactions = screen.getByRole('region', { name: 'Interactions' });
    await waitFor(() =>
      expect(rowsOf(within(interactions).getByRole('table', { name: 'Interactions' })).length).toBeGreaterThan(0),
    );
    expect(
      await within(screen.getByRole('region', { name: 'Lender' })).findByText(/Loan Office|has not gone to a lender/),
    ).toBeInTheDocument();
    for (const name of [
      'Log Interaction',
      'Edit Contact',
      /^Correct disposition/,
      'Change Status',
      'Remove Assigned Agent',
      'Add Note',
    ]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('says a call with no disposition was recorded with none, never "Recorded as -"', async () => {
    const opp = await opportunityWithPhone(4);
    // Its calls' dispositions were cleared (a correction to none).
    await opp.server.db
      .updateTable('interactions')
      .set({ disposition_id: null })
      .where('opportunity_id', '=', opp.id)
      .execute();
    const { screen, user } = await renderApp(`/console/opportunities/view/${opp.id}`, { as: 'supervisor@demo.test' });
    const interactions = await screen.findByRole('region', { name: 'Interactions' });
    const table = within(interactions).getByRole('table', { name: 'Interactions' });
    await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(0));
    await user.click(within(rowsOf(table)[0]!).getByRole('button', { name: /^Correct disposition of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct Disposition' });
    expect(dialog).toHaveTextContent('Recorded with no disposition.');
    expect(dialog).not.toHaveTextContent('Recorded as');
  });
});
