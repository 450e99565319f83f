import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { AgentEnrollment } from '../../src/contract/agents.ts';
import { AnnouncementCreateBody } from '../../src/contract/announcements.ts';
import { BrokerageUpdate } from '../../src/contract/brokerage-admin.ts';
import { EmailSettingBody } from '../../src/contract/email-settings.ts';
import { NewDncRequest } from '../../src/contract/interviews.ts';
import { NewLeadSupplier } from '../../src/contract/lead-suppliers.ts';
import { NewLoanOfficer } from '../../src/contract/loan-officers.ts';
import { AcceptInvitation, NewPotentialAgent } from '../../src/contract/potential-agents.ts';
import { PasswordResetRequest } from '../../src/contract/users.ts';
import { checkFormCase, dialogOf, type FormCase } from '../setup/form-cases.ts';
import { testServer } from '../setup/render-app.tsx';
import { signIn } from '../setup/test-server.ts';

// Forms from the contract: on every console form a value the contract refuses shows its
// message beside its field, focus moves there, and the message goes as the field changes; each
// input named after a contract field is limited to the schema's length, the server's own.

/** A fresh invitation's onboarding page: the broker invites, the link is read from the email. */
async function onboardingPage(): Promise<string> {
  const server = await testServer();
  const email = 'forms.contract@invitee.example';
  const sent = await (
    await signIn(server, 'broker@demo.test')
  ).post('/agents-api/potentialAgents', { firstName: 'Ada', lastName: 'Stone', email, phone: '5557773199' });
  expect(sent.status).toBe(201);
  const mail = await server.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return `/agent-onboarding/${/\/agent-onboarding\/([A-Za-z0-9-]+)/.exec(mail.body)![1]!}`;
}

const CASES: FormCase[] = [
  {
    form: 'Invite Agents',
    url: '/console/my-agents',
    as: 'broker@demo.test',
    open: dialogOf('Invite Agents'),
    field: 'First Name',
    bad: '.',
    message: 'Name may hold letters, spaces, hyphens, apostrophes and periods',
    submit: 'Send Invitation',
    schema: NewPotentialAgent,
  },
  {
    form: 'Add Loan Officer',
    url: '/console/my-loan-officers',
    as: 'lender@demo.test',
    open: dialogOf('Add Loan Officer'),
    field: 'First Name',
    bad: "'",
    message: 'First name may hold letters, spaces, hyphens, apostrophes and periods',
    submit: 'Add',
    schema: NewLoanOfficer,
  },
  {
    form: 'Enroll Agent',
    url: '/console/agents',
    as: 'admin@demo.test',
    open: dialogOf('Enroll Agent'),
    before: async ({ user }, form) => {
      const brokerage = within(form).getByRole('combobox', { name: 'Brokerage' });
      await user.selectOptions(brokerage, await within(brokerage).findByRole('option', { name: 'Maple & Main Homes' }));
    },
    field: 'First Name',
    bad: '-',
    message: 'First name may hold letters, spaces, hyphens, apostrophes and periods',
    submit: 'Enroll',
    schema: AgentEnrollment,
  },
  {
    form: 'New DNC',
    url: '/console/dnc-list',
    as: 'csr@demo.test',
    open: dialogOf('New DNC'),
    field: 'Phone Number',
    bad: '555-01',
    message: 'Invalid phone number.',
    submit: 'Save',
    schema: NewDncRequest,
  },
  {
    form: 'New Announcement',
    url: '/console/announcements',
    as: 'admin@demo.test',
    open: dialogOf('New Announcement'),
    field: 'Title',
    bad: '  ',
    message: 'Title is required',
    submit: 'Save',
    schema: AnnouncementCreateBody,
  },
  {
    form: 'Edit Brokerage',
    as: 'admin@demo.test',
    open: dialogOf('Edit Brokerage'),
    url: async () =>
      `/console/brokerages/view/${(await (await testServer()).db.selectFrom('brokerages').select('id').where('name', '=', 'Maple & Main Homes').executeTakeFirstOrThrow()).id}`,
    field: 'Name',
    bad: ' ',
    message: 'Name is required',
    submit: 'Save',
    schema: BrokerageUpdate,
  },
  {
    form: 'Create Supplier',
    url: '/console/supplier-management/create',
    as: 'admin@demo.test',
    field: 'Name',
    bad: ' ',
    message: 'Name is required',
    submit: 'Create Supplier',
    schema: NewLeadSupplier,
  },
  {
    form: 'Forgot Password',
    url: '/forgot-password',
    field: 'Email',
    bad: 'ada@',
    message: 'Invalid e-mail.',
    submit: 'Reset Password',
    schema: PasswordResetRequest,
  },
  {
    form: 'Agent Onboarding',
    url: onboardingPage,
    field: 'First Name',
    bad: '’',
    message: 'Name may hold letters, spaces, hyphens, apostrophes and periods',
    submit: 'Accept Invitation',
    schema: AcceptInvitation,
  },
  {
    form: 'Email Settings',
    url: '/console/settings/email',
    as: 'broker@demo.test',
    field: /^New address for /,
    bad: 'not-an-address',
    message: 'Invalid e-mail.',
    submit: 'Add',
    schema: EmailSettingBody,
  },
];

describe('forms from the contract', () => {
  it.each(CASES)(
    "$form: the refused value's message is beside its field, focused, and gone as the field changes",
    checkFormCase,
    90_000,
  );
  // the first form of the file loads the console's chunks: slow on a busy 2-core machine
});
