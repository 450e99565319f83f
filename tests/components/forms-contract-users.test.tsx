import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { AssignmentExplainQuery } from '../../src/contract/agent-assignments.ts';
import { QuestionnaireUpdate } from '../../src/contract/questionnaires.ts';
import { FlexValuePatchBody } from '../../src/contract/users.ts';
import { checkFormCase, dialogOf, type App, type FormCase } from '../setup/form-cases.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';

// Forms from the contract: an agent's questionnaire, a user's roles and attributes, a lender
// referral's loan officer and Not Proceeding reason, and the agent-assignment lookup. A refused value's
// message is beside its field, focused, gone as the field changes, lengths the schema's; and what only
// the server can refuse (a record gone or changed since the page loaded) shows beside its field in words.

/** An agent of the demo broker's brokerage with a questionnaire: its page. */
async function questionnairePage(): Promise<string> {
  const db = (await testServer()).db;
  const q = await db
    .selectFrom('agent_questionnaires as q')
    .innerJoin('agents as a', 'a.id', 'q.agent_id')
    .innerJoin('brokerages as b', 'b.id', 'a.brokerage_id')
    .select('q.agent_id')
    .where('b.name', '=', 'Harbor Point Realty')
    .orderBy('q.agent_id')
    .executeTakeFirstOrThrow();
  return `/console/my-agents/questionnaire/${q.agent_id}`;
}

/** The Edit User page of the demo QA user (a staff user of no brokerage or loan office). */
const qaUserPage = async () =>
  `/console/user-management/edit/${(await (await testServer()).db.selectFrom('users').select('id').where('email', '=', 'qa@demo.test').executeTakeFirstOrThrow()).id}`;

/** A referral of the demo lender's office at `status`, and its page. */
async function lenderReferral(status: string): Promise<{ url: string; officeId: number; officerId: number | null }> {
  const db = (await testServer()).db;
  const { loan_office_id } = await db
    .selectFrom('users')
    .select('loan_office_id')
    .where('email', '=', 'lender@demo.test')
    .executeTakeFirstOrThrow();
  const r = await db
    .selectFrom('lender_referrals')
    .select(['id', 'loan_officer_id'])
    .where('loan_office_id', '=', loan_office_id!)
    .where('status', '=', status)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { url: `/console/lender-referrals/view/${r.id}`, officeId: loan_office_id!, officerId: r.loan_officer_id };
}

/** Leaves a choice at its empty option: nothing to type. */
const leaveUnchosen = async () => {};
/** Picks `option` in the select. */
const pick =
  (option: string) =>
  async ({ user }: App, field: HTMLElement) => {
    await user.selectOptions(field, option);
  };

const CASES: FormCase[] = [
  {
    form: 'Questionnaire (Years of Experience)',
    url: questionnairePage,
    as: 'broker@demo.test',
    field: 'Years of Experience',
    bad: '81',
    message: 'Years must be a number from 0 to 80',
    submit: 'Save Questionnaire',
    schema: QuestionnaireUpdate,
  },
  {
    form: 'Questionnaire (ZIP Code)',
    url: questionnairePage,
    as: 'broker@demo.test',
    field: 'ZIP Code',
    bad: '041',
    message: 'ZIP must be exactly 5 digits',
    submit: 'Add ZIP',
  },
  {
    form: 'Add Role',
    url: qaUserPage,
    as: 'admin@demo.test',
    field: 'Add Role',
    bad: '',
    fill: leaveUnchosen,
    change: pick('CSR'),
    message: 'Choose a role to add',
    submit: 'Add Role',
  },
  {
    form: 'User attribute (Phone Extension)',
    url: qaUserPage,
    as: 'admin@demo.test',
    field: 'Phone Extension',
    bad: 'twelve',
    message: 'Enter a number, such as 42 or 3.5',
    submit: 'Save Phone Extension',
    schema: FlexValuePatchBody,
  },
  {
    form: 'Not Proceeding',
    url: async () => (await lenderReferral('CONTACTED')).url,
    as: 'lender@demo.test',
    open: dialogOf('Move to Not Proceeding…', 'Not Proceeding'),
    field: 'Reason',
    bad: '',
    fill: leaveUnchosen,
    change: pick('Paying cash'),
    message: 'A reason is required',
    submit: 'Save',
  },
  {
    form: 'Explain an assignment (ZIP code)',
    url: '/console/agent-assignments',
    as: 'manager@demo.test',
    before: async ({ user }, form) => {
      await user.selectOptions(await within(form).findByRole('combobox', { name: 'Explain by' }), 'zip');
    },
    field: 'ZIP code',
    bad: '041',
    message: 'ZIP must be exactly 5 digits',
    submit: 'Explain',
    schema: AssignmentExplainQuery,
  },
];

describe('forms from the contract: questionnaire, user roles and attributes, lender referral, assignment lookup', () => {
  it.each(CASES)(
    "$form: the refused value's message is beside its field, focused, and gone as the field changes",
    checkFormCase,
    90_000,
  );
});

describe('what only the server can refuse shows beside its field, in words', () => {
  it("an opportunity ID nobody has is refused at the lookup's field, not above the page", async () => {
    const { screen, user } = await renderApp('/console/agent-assignments', { as: 'manager@demo.test' });
    const field = await screen.findByRole('textbox', { name: 'Opportunity ID' });
    expect(field).toHaveAttribute('maxLength', '9');
    await user.type(field, '987654321');
    await user.click(screen.getByRole('button', { name: 'Explain' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('No opportunity has this ID'), { timeout: 20_000 });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.queryByText('No such opportunity')).not.toBeInTheDocument();
    await user.type(field, '{Backspace}');
    expect(field).not.toHaveAttribute('aria-invalid');
  }, 90_000);

  it('a loan officer deactivated since the page loaded is refused at the Loan Officer field, not as raw text', async () => {
    const { url, officeId, officerId } = await lenderReferral('CONTACTED');
    const db = (await testServer()).db;
    const officer = await db
      .selectFrom('loan_officers')
      .select(['id', 'first_name', 'last_name'])
      .where('loan_office_id', '=', officeId)
      .where('status', '=', 'ACTIVE')
      .where('id', '!=', officerId ?? 0)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { screen, user } = await renderApp(url, { as: 'lender@demo.test' });
    const field = await screen.findByRole('combobox', { name: 'Loan Officer' });
    await user.selectOptions(
      field,
      await within(field).findByRole('option', { name: `${officer.first_name} ${officer.last_name}` }),
    );
    await db
      .updateTable('loan_officers')
      .set({ status: 'INACTIVE', deactivated_at: new Date() })
      .where('id', '=', officer.id)
      .execute();
    await user.click(within(field.closest('form')!).getByRole('button', { name: /^(Assign|Reassign)$/ }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('That loan officer is not active'), {
      timeout: 20_000,
    });
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.queryByText('The request body is not valid')).not.toBeInTheDocument();
  }, 90_000);

  it('a brokerage removed since it was chosen is refused at the Brokerage field when a role is added', async () => {
    const db = (await testServer()).db;
    const [gone] = await db
      .insertInto('brokerages')
      .values({ name: 'Aardvark Short-Lived Realty' })
      .returning('id')
      .execute();
    const { screen, user } = await renderApp(await qaUserPage(), { as: 'admin@demo.test' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Add Role' }), 'Brokerage Admin');
    const field = await screen.findByRole('combobox', { name: 'Brokerage' });
    await user.selectOptions(field, await within(field).findByRole('option', { name: 'Aardvark Short-Lived Realty' }));
    await db.deleteFrom('brokerages').where('id', '=', gone!.id).execute();
    await user.click(screen.getByRole('button', { name: 'Add Role' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('No such brokerage'), { timeout: 20_000 });
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.queryByText('The role is not valid')).not.toBeInTheDocument();
    await user.selectOptions(field, '');
    expect(field).not.toHaveAttribute('aria-invalid');
  }, 90_000);

  it('a choice removed from an attribute since the page loaded is refused beside that attribute, in words', async () => {
    const db = (await testServer()).db;
    const { screen, user } = await renderApp(await qaUserPage(), { as: 'admin@demo.test' });
    const field = await screen.findByRole('combobox', { name: 'Team' });
    await user.selectOptions(field, 'Quality');
    await db
      .updateTable('flex_attributes')
      .set({ options: 'Sales\nSupport\nOperations' })
      .where('name', '=', 'team')
      .execute();
    await user.click(screen.getByRole('button', { name: 'Save Team' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Choose one of Sales, Support, Operations'), {
      timeout: 20_000,
    });
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.queryByText('The value is not valid')).not.toBeInTheDocument();
  }, 90_000);
});
