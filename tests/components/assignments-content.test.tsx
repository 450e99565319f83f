import { waitFor, within } from '@testing-library/react';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('Agent Assignments', () => {
  it('lists the seeded decisions and explains the forced one with who forced it and the rule’s own choice', async () => {
    const { screen, user } = await renderApp('/console/agent-assignments?mode=FORCED', { as: 'admin@demo.test' });
    const table = await screen.findByRole('table', { name: 'Recorded assignments' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1));
    expect(rowsOf(table)[0]).toHaveTextContent('Forced by Alex Admin');
    await user.click(within(table).getByRole('button', { name: /^Explain assignment/ }));
    const candidates = await screen.findByRole('table', { name: /^Candidates of assignment/ });
    await waitFor(() => expect(within(candidates).getAllByText('Forced by Alex Admin').length).toBeGreaterThan(0));
    expect(
      within(candidates).getByText('The rule would have chosen this agent; the assignment was forced'),
    ).toBeInTheDocument();
  }, 90_000);

  it('explains a ZIP code from the rule and refuses a ZIP that is not 5 digits', async () => {
    const db = (await testServer()).db;
    const zip = (
      await db
        .selectFrom('agent_coverage_areas')
        .select('zip')
        .where('zip', 'like', '041%')
        .orderBy('zip')
        .executeTakeFirstOrThrow()
    ).zip!;
    const { screen, user } = await renderApp('/console/agent-assignments', { as: 'manager@demo.test' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Explain by' }), 'zip');
    await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '041');
    await user.click(screen.getByRole('button', { name: 'Explain' }));
    expect(await screen.findByText('ZIP must be exactly 5 digits')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'ZIP code' }));
    await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), zip);
    await user.click(screen.getByRole('button', { name: 'Explain' }));
    const now = await screen.findByRole('table', { name: 'Candidates now' });
    await waitFor(() => expect(rowsOf(now).length).toBeGreaterThan(0));
    expect(screen.getByRole('heading', { name: `ZIP code ${zip}: the rule now` })).toBeInTheDocument();
  }, 60_000);
});

describe('Agent Assignments: candidates a page at a time', () => {
  it('pages the rule’s candidates for the busiest ZIP with the spec’s control, in the URL, from a total equal to the rule’s', async () => {
    const db = (await testServer()).db;
    const { zip, n } = (
      await sql<{ zip: string; n: number }>`select zip, count(*)::int as n from agent_coverage_areas
        where zip is not null group by zip order by count(*) desc, zip limit 1`.execute(db)
    ).rows[0]!;
    const { screen, user } = await renderApp(`/console/agent-assignments?by=zip&value=${zip}`, {
      as: 'admin@demo.test',
    });
    const table = await screen.findByRole('table', { name: 'Candidates now' });
    const pages = screen.getByRole('navigation', { name: 'Candidates now pages' });
    // The rule weighs at least every agent covering the ZIP; more than one page of them shows 10.
    await waitFor(() => expect(within(pages).getByText(/^1 - 10 of \d+ candidates$/)).toBeInTheDocument());
    const total = Number(/of (\d+)/.exec(within(pages).getByText(/candidates$/).textContent ?? '')![1]);
    expect(total).toBeGreaterThanOrEqual(n);
    expect(total).toBeGreaterThan(10);
    expect(rowsOf(table)).toHaveLength(10);
    expect(rowsOf(table)[0]).toHaveTextContent(/^1/);
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(within(pages).getByText(`11 - ${Math.min(20, total)} of ${total} candidates`)).toBeInTheDocument(),
    );
    await waitFor(() => expect(rowsOf(table)[0]).toHaveTextContent(/^11/));
    expect(rowsOf(table)).toHaveLength(Math.min(20, total) - 10);
    expect(new URLSearchParams(window.location.search).get('candidatesPage')).toBe('2');
  }, 60_000);

  it('shows as many candidates of a recorded decision as its row in the list counts', async () => {
    const { screen, user } = await renderApp('/console/agent-assignments?mode=AUTOMATIC', { as: 'admin@demo.test' });
    const list = await screen.findByRole('table', { name: 'Recorded assignments' });
    await waitFor(() => expect(rowsOf(list).length).toBeGreaterThan(0));
    const row = rowsOf(list)[0]!;
    const counted = Number(within(row).getAllByRole('cell')[5]!.textContent);
    await user.click(within(row).getByRole('button', { name: /^Explain assignment/ }));
    const pages = await screen.findByRole('navigation', { name: /^Candidates of assignment \d+ pages$/ });
    await waitFor(() =>
      expect(within(pages).getByText(`1 - ${Math.min(10, counted)} of ${counted} candidates`)).toBeInTheDocument(),
    );
  }, 60_000);
});

describe('Content Search, Edit Content and the Simulator', () => {
  it('filters content by usage type and opens an item with its history and a diff', async () => {
    const { screen, user } = await renderApp('/console/content-search?usageType=EMAIL_TEMPLATE', {
      as: 'engagement@demo.test',
    });
    const table = await screen.findByRole('table', { name: 'Content items' });
    await waitFor(() =>
      expect(within(table).getByRole('link', { name: 'Overdue referral reminder' })).toBeInTheDocument(),
    );
    expect(within(table).queryByRole('link', { name: 'Default intro' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('link', { name: 'Overdue referral reminder' }));
    const versions = await screen.findByRole('list', { name: 'Versions' });
    await waitFor(() => expect(within(versions).getAllByRole('listitem')).toHaveLength(3));
    const diff = screen.getByRole('list', { name: 'Changes from version 2 to version 3' });
    expect(within(diff).getByText(/Please update the referral in the app today\./)).toHaveTextContent('(added)');
  }, 60_000);

  it('the simulator shows the best match with its rule and every match in rank order', async () => {
    const { screen } = await renderApp(
      '/console/simulator?usage=NEW_LEAD_INTRO&product=LEAD_GENIUS&clientType=BUYER&state=ME',
      { as: 'supervisor@demo.test' },
    );
    const best = await screen.findByTestId('best-match');
    expect(best).toHaveTextContent('Buyer intro (LeadGenius)');
    expect(best).toHaveTextContent('Rule: LeadGenius buyers: Product = LEAD_GENIUS and Client type = BUYER');
    const all = screen.getByRole('list', { name: 'Every match' });
    expect(
      within(all)
        .getAllByRole('listitem')
        .map((li) => within(li).getByRole('link').textContent),
    ).toEqual(['Buyer intro (LeadGenius)', 'Maine buyer intro', 'Default intro']);
  }, 60_000);

  it('sends QA elsewhere: the simulator is not among its list roles (spec 1 section 6)', async () => {
    const { screen } = await renderApp('/console/simulator', { as: 'qa@demo.test' });
    await waitFor(() => expect(location.pathname).not.toBe('/console/simulator'));
    expect(screen.queryByRole('combobox', { name: 'Usage' })).not.toBeInTheDocument();
  }, 60_000);
});
