import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AssignmentExplainQuery } from '../../src/contract/agent-assignments.ts';
import { checkFormCase, type FormCase } from '../setup/form-cases.ts';
import { renderApp } from '../setup/render-app.tsx';

// Forms from the contract (issue 36): an agent's questionnaire, a user's roles and attributes, a lender
// referral's loan officer and Not Proceeding reason, and the agent-assignment lookup. A refused value's
// message is beside its field, focused, gone as the field changes, lengths the schema's; and what only
// the server can refuse (a record gone or changed since the page loaded) shows beside its field in words.

const CASES: FormCase[] = [
  {
    form: 'Explain an assignment (ZIP code)', url: '/console/agent-assignments', as: 'manager@demo.test',
    before: async ({ user }, form) => { await user.selectOptions(await within(form).findByRole('combobox', { name: 'Explain by' }), 'zip'); },
    field: 'ZIP code', bad: '041', message: 'ZIP must be exactly 5 digits', submit: 'Explain', schema: AssignmentExplainQuery,
  },
];

describe('forms from the contract: questionnaire, user roles and attributes, lender referral, assignment lookup', () => {
  it.each(CASES)('$form: the refused value\'s message is beside its field, focused, and gone as the field changes', checkFormCase, 90_000);
});

describe('what only the server can refuse shows beside its field, in words', () => {
  it('an opportunity ID nobody has is refused at the lookup\'s field, not above the page', async () => {
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
});
