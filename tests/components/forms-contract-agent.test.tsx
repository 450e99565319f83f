import { fireEvent, within } from '@testing-library/react';
import { beforeEach, describe, it } from 'vitest';
import { clearPersistedQueries } from '../../src/app/query-persistence.ts';
import { NewNote } from '../../src/contract/referrals.ts';
import { checkFormCase, dialogOf, type FormCase } from '../setup/form-cases.ts';
import { testServer } from '../setup/render-app.tsx';
import { DEMO_AGENT_PHONE } from '../setup/test-server.ts';
import { emptyWriteLedger } from '../setup/write-ledger.ts';

// Forms from the contract (issue 36), the agent app's dialogs and the shared notes, saved views,
// invite code and password forms: a refused value's message beside its field, focused, gone as the
// field changes, lengths the schema's; and what only the server can refuse shown beside its field.

const AGENT = '(555) 010-0001';

beforeEach(async () => {
  localStorage.clear();
  await emptyWriteLedger();
  await clearPersistedQueries();
});

/** The demo agent's first referral at `stage` of `type`: its page in the agent app. */
const agentReferral = (stage: string, type: string) => async () => {
  const server = await testServer();
  const { agent_id } = await server.db.selectFrom('users').select('agent_id').where('phone', '=', DEMO_AGENT_PHONE).executeTakeFirstOrThrow();
  const r = await server.db.selectFrom('referrals').select('id').where('agent_id', '=', agent_id)
    .where('stage', '=', stage).where('type', '=', type).orderBy('id').executeTakeFirstOrThrow();
  return `/console/agent-followups/view/${r.id}`;
};

const CASES: FormCase[] = [
  {
    form: 'Add Note (agent app)', url: agentReferral('LISTED_HOME', 'SELLER'), as: AGENT, open: dialogOf('Add Note'),
    field: 'Note', bad: '   ', message: 'Write a note', submit: 'Save note', schema: NewNote,
  },
  {
    form: 'Update Stage (agent app)', url: agentReferral('AWAITING_FOLLOWUP', 'BUYER'), as: AGENT, open: dialogOf('Update Stage'),
    before: async ({ user }, form) => { await user.click(within(form).getByRole('radio', { name: 'Under Contract' })); },
    field: 'Expected closing date', bad: '', message: 'Enter the expected closing date', submit: 'Save stage',
    change: async (_, field) => { fireEvent.change(field, { target: { value: '2030-05-01' } }); },
  },
];

describe('forms from the contract: the agent app, notes, saved views, invite code and password', () => {
  it.each(CASES)('$form: the refused value\'s message is beside its field, focused, and gone as the field changes', checkFormCase, 90_000);
});
