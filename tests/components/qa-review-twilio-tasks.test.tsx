import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { QA_CRITERIA } from '../../src/contract/qa-review.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';

// The QA queue's filters, the scorecard's rules and saving, and the Twilio task list by role.

// Under a loaded machine the lazy screen chunks take long to compile: first finds wait up to a minute.
const SLOW = { timeout: 60_000 };
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const column = (table: HTMLElement, i: number) =>
  rowsOf(table).map((r) => within(r).getAllByRole('cell')[i]!.textContent);

describe('the QA queue', () => {
  it('lists calls awaiting review and filters by the staff member who handled them', async () => {
    const { screen, user } = await renderApp('/console/qa-review', { as: 'qa@demo.test' });
    const table = await screen.findByRole('table', { name: 'QA queue' }, SLOW);
    await waitFor(() => expect(rowsOf(table)).toHaveLength(10), SLOW);
    expect(column(table, 6).every((s) => s?.startsWith('Awaiting Review'))).toBe(true);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Handled By' }), 'Sam Supervisor');
    await waitFor(() => expect(column(table, 3).every((s) => s === 'Sam Supervisor')).toBe(true));
    expect(await screen.findByText('Reviewed by you')).toBeInTheDocument();
  }, 180_000);
});

describe('the review page', () => {
  it('asks for every criterion and a comment on a failure, then saves and shows the result', async () => {
    const server = await testServer();
    const call = await server.db
      .selectFrom('qa_reviews')
      .select(['interaction_id', 'opportunity_id'])
      .where('status', '=', 'AWAITING')
      .orderBy('interaction_id', 'desc')
      .executeTakeFirstOrThrow();
    const { screen, user } = await renderApp(
      `/console/qa-review/opportunity/${call.opportunity_id}?call=${call.interaction_id}`,
      { as: 'qa@demo.test' },
    );
    const form = await screen.findByRole('form', { name: `Scorecard of the call ${call.interaction_id}` }, SLOW);
    await user.click(within(form).getByRole('button', { name: 'Save Scorecard' }));
    expect(within(form).getAllByText('Choose pass or fail.')).toHaveLength(QA_CRITERIA.length);
    for (const c of QA_CRITERIA) {
      await user.click(
        within(within(form).getByRole('group', { name: c.label })).getByLabelText(c.key === 'needs' ? 'Fail' : 'Pass'),
      );
    }
    await user.click(within(form).getByRole('button', { name: 'Save Scorecard' }));
    expect(await within(form).findByText(/a comment is required when a criterion fails/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Comment'), 'Did not ask about the timeline.');
    await user.click(within(form).getByRole('button', { name: 'Save Scorecard' }));
    expect(await screen.findByText('Scorecard saved: failed.')).toBeInTheDocument();
    await waitFor(async () => {
      const row = await server.db
        .selectFrom('qa_reviews')
        .select(['status', 'comment'])
        .where('interaction_id', '=', call.interaction_id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'FAILED', comment: 'Did not ask about the timeline.' });
    });
  }, 180_000);
});

describe('Twilio tasks', () => {
  it('shows a brokerage admin their own tasks without a delete action', async () => {
    const { screen } = await renderApp('/console/twilio-tasks', { as: 'broker@demo.test' });
    const table = await screen.findByRole('table', { name: 'Twilio Tasks' }, SLOW);
    await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(0), SLOW);
    // Client / Brokerage: the client's name over the brokerage's.
    expect(column(table, 5).every((b) => b?.endsWith('Harbor Point Realty'))).toBe(true);
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  }, 180_000);

  it('gives an admin a delete action behind a confirmation', async () => {
    const { screen, user } = await renderApp('/console/twilio-tasks?stuck=true', { as: 'admin@demo.test' });
    const table = await screen.findByRole('table', { name: 'Twilio Tasks' }, SLOW);
    await waitFor(() => expect(rowsOf(table).length).toBeGreaterThan(0), SLOW);
    expect(column(table, 1).every((s) => s?.includes('Stuck'))).toBe(true);
    await user.click(within(rowsOf(table)[0]!).getByRole('button', { name: /^Delete task WT/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Task' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Task' })).toBeNull());
  }, 180_000);
});
