import { fireEvent, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { noteWrite } from '../../src/api/agent-app-writes.ts';
import { clearPersistedQueries } from '../../src/app/query-persistence.ts';
import { maxLengthOf } from '../../src/contract/limits.ts';
import { NoteBody } from '../../src/contract/note-text.ts';
import { NewNote } from '../../src/contract/referrals.ts';
import { MAX_SAVED_VIEWS, NewSavedView } from '../../src/contract/saved-views.ts';
import { InviteCode, PasswordUpdate } from '../../src/contract/users.ts';
import { checkFormCase, describedBy, dialogOf, type App, type FormCase } from '../setup/form-cases.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';
import { call, callerFor, DEMO_AGENT_PHONE, signIn } from '../setup/test-server.ts';
import { emptyWriteLedger } from '../setup/write-ledger.ts';

// Forms from the contract: the agent app's Add Note and Update Stage, the shared notes
// form, Save View, Register's Invite Code and Update Password. A value the contract refuses shows its
// message beside its field, focused, gone as the field changes, lengths the schema's; what only the
// server can refuse (a wrong current password, an unknown or used code, a full list of views, a
// referral gone from the agent) is said in words, at its field when it is the field's.

const AGENT = '(555) 010-0001';

beforeEach(async () => {
  localStorage.clear();
  await emptyWriteLedger();
  await clearPersistedQueries();
});

/** The demo agent's id. */
async function demoAgentId(): Promise<number> {
  const { agent_id } = await (
    await testServer()
  ).db
    .selectFrom('users')
    .select('agent_id')
    .where('phone', '=', DEMO_AGENT_PHONE)
    .executeTakeFirstOrThrow();
  return agent_id!;
}

/** The demo agent's first referral at `stage` of `type`: its page in the agent app. */
const agentReferral = (stage: string, type: string) => async () => {
  const r = await (
    await testServer()
  ).db
    .selectFrom('referrals')
    .select('id')
    .where('agent_id', '=', await demoAgentId())
    .where('stage', '=', stage)
    .where('type', '=', type)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return `/console/agent-followups/view/${r.id}`;
};

/** A referral of the demo agent on the staff's agent page: the Referral notes take the agent app's rule. */
async function staffAgentReferral(stage = 'SPOKEN_WITH') {
  const server = await testServer();
  const agentId = await demoAgentId();
  const r = await server.db
    .selectFrom('referrals')
    .select('id')
    .where('agent_id', '=', agentId)
    .where('stage', '=', stage)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { server, agentId, refId: r.id, url: `/console/agents/view/${agentId}/referral/${r.id}` };
}

const brokerage = async (name: string) =>
  (
    await (
      await testServer()
    ).db
      .selectFrom('brokerages')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;

/** The profile dialog's Update Password, for broker.basic@demo.test (the profile button is the brokerage's name). */
const updatePassword = async ({ screen, user }: App) => {
  await user.click(await screen.findByRole('button', { name: 'Maple & Main Homes' }));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Profile' })).getByRole('button', { name: 'Update Password' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Update Password' });
  await within(dialog).findByLabelText('Current Password'); // the form loads when the dialog first opens
  return dialog;
};

const CASES: FormCase[] = [
  {
    form: 'Add Note (agent app)',
    url: agentReferral('LISTED_HOME', 'SELLER'),
    as: AGENT,
    open: dialogOf('Add Note'),
    field: 'Note',
    bad: '   ',
    message: 'Write a note',
    submit: 'Save note',
    schema: NewNote,
  },
  {
    form: 'Update Stage (agent app)',
    url: agentReferral('AWAITING_FOLLOWUP', 'BUYER'),
    as: AGENT,
    open: dialogOf('Update Stage'),
    before: async ({ user }, form) => {
      await user.click(within(form).getByRole('radio', { name: 'Under Contract' }));
    },
    field: 'Expected closing date',
    bad: '',
    message: 'Enter the expected closing date',
    submit: 'Save stage',
    change: async (_, field) => {
      fireEvent.change(field, { target: { value: '2030-05-01' } });
    },
  },
  {
    form: 'Broker notes (the notes form)',
    as: 'admin@demo.test',
    url: async () => `/console/brokerages/view/${await brokerage('Harbor Point Realty')}`,
    open: async ({ screen, user }) => {
      await user.click(await screen.findByRole('tab', { name: 'Notes' }));
      return screen.findByRole('region', { name: 'Broker notes' });
    },
    field: 'Note',
    bad: '  ',
    message: 'A note is required',
    submit: 'Add Note',
    schema: NoteBody,
  },
  {
    form: 'Save View',
    url: '/console/my-referrals',
    as: 'broker@demo.test',
    open: dialogOf('Save View'),
    field: 'View name',
    bad: '  ',
    message: 'A name is required',
    submit: 'Save',
    schema: NewSavedView,
  },
  {
    form: 'Register (Invite Code)',
    url: '/register',
    field: 'Invite Code',
    bad: 'NOPE NOPE',
    message: 'An invite code holds only letters, digits and hyphens',
    submit: 'Verify',
  },
  {
    form: 'Update Password',
    url: '/console/my-agents',
    as: 'broker.basic@demo.test',
    open: updatePassword,
    before: async ({ user }, form) => {
      await user.type(within(form).getByLabelText('Current Password'), 'Demo-pass-1');
    },
    // The field's description is its message, then its hint.
    field: 'New Password',
    bad: 'short-1',
    message: /^Password must be at least 9 characters/,
    submit: 'Update Password',
    schema: PasswordUpdate,
  },
];

describe('forms from the contract: the agent app, notes, saved views, invite code and password', () => {
  it.each(CASES)(
    "$form: the refused value's message is beside its field, focused, and gone as the field changes",
    checkFormCase,
    90_000,
  );

  it("a referral's notes on the agent's page take the agent app's rule and length, the server's for those notes", async () => {
    const { url } = await staffAgentReferral();
    const { screen, user } = await renderApp(url, { as: 'admin@demo.test' });
    const notes = await screen.findByRole('region', { name: 'Referral notes' });
    const note = within(notes).getByLabelText('Note');
    expect(note).toHaveAttribute('maxlength', String(maxLengthOf(NewNote.entries.text)));
    await user.type(note, '   ');
    await user.click(within(notes).getByRole('button', { name: 'Add Note' }));
    await waitFor(() => expect(note).toHaveAccessibleDescription(describedBy(note, 'Write a note')));
    await waitFor(() => expect(note).toHaveFocus());
  });

  it("Invite Code is limited to the code's length and a Verify of an empty code is not offered", async () => {
    const { screen } = await renderApp('/register');
    const field = await screen.findByLabelText('Invite Code');
    expect(field).toHaveAttribute('maxlength', String(maxLengthOf(InviteCode)));
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
  });
});

describe('what only the server can refuse, said in words', () => {
  it('a wrong current password shows beside Current Password, focused, with nothing above the form', async () => {
    const app = await renderApp('/console/my-agents', { as: 'broker.basic@demo.test' });
    const dialog = await updatePassword(app);
    const current = within(dialog).getByLabelText('Current Password');
    await app.user.type(current, 'Not-the-pass-1');
    await app.user.type(within(dialog).getByLabelText('New Password'), 'Maple-pass-55');
    await app.user.type(within(dialog).getByLabelText('Confirm Password'), 'Maple-pass-55');
    await app.user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription('Current password is incorrect'));
    await waitFor(() => expect(current).toHaveFocus());
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
    await app.user.type(current, 'x');
    expect(current).not.toHaveAttribute('aria-invalid');
  });

  it('an unknown invite code is refused beside Invite Code, in words, and the code is kept', async () => {
    const { screen, user } = await renderApp('/register');
    const field = await screen.findByLabelText('Invite Code');
    await user.type(field, 'NOPE-NOPE-NOPE');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'There was an error validating this invite code. This code is not valid.',
      ),
    );
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue('NOPE-NOPE-NOPE');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('a code already used to register is refused beside Invite Code as used', async () => {
    const server = await testServer();
    // Someone registers with DEMO-INVITE-5 first: code, temporary credential, token, password.
    const redeemed = await call<{ id: number; password: string }>(
      server,
      'PUT',
      '/users-api/invites/code/DEMO-INVITE-5',
    );
    expect(redeemed.status).toBe(200);
    const token = await call<{ access_token: string }>(server, 'POST', '/auth/oauth2.0/accessToken', {
      form: {
        grant_type: 'temporary_password',
        username: String(redeemed.body.id),
        password: redeemed.body.password,
        client_id: 'porchlight-console',
      },
    });
    expect(
      (
        await callerFor(server, token.body.access_token).patch(`/users-api/users/${redeemed.body.id}`, {
          password: 'Harbor-pass-55',
        })
      ).status,
    ).toBe(200);

    const { screen, user } = await renderApp('/register/DEMO-INVITE-5');
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    const field = screen.getByLabelText('Invite Code');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'There was an error validating this invite code. This code was already used.',
      ),
    );
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it("a save past the views a list keeps is refused above the form in the server's words, the name kept", async () => {
    const server = await testServer();
    const broker = await signIn(server, 'broker@demo.test');
    const { id } = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'broker@demo.test')
      .executeTakeFirstOrThrow();
    await server.db.deleteFrom('saved_views').where('user_id', '=', id).where('list', '=', 'my-leads').execute();
    for (let i = 1; i <= MAX_SAVED_VIEWS; i += 1) {
      expect(
        (await broker.post('/users-api/saved-views', { list: 'my-leads', name: `View ${i}`, query: `page=${i}` }))
          .status,
      ).toBe(201);
    }
    const app = await renderApp('/console/my-leads', { as: 'broker@demo.test' });
    const dialog = await dialogOf('Save View')(app);
    const name = within(dialog).getByLabelText('View name');
    await app.user.clear(name);
    await app.user.type(name, 'One more');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `You can keep at most ${MAX_SAVED_VIEWS} views of a list`,
    );
    expect(name).toHaveValue('One more');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('a note on a referral moved to another agent is refused above the notes form in words, the text kept', async () => {
    const { server, agentId, refId, url } = await staffAgentReferral('SHOWN_HOMES');
    const { screen, user } = await renderApp(url, { as: 'admin@demo.test' });
    const notes = await screen.findByRole('region', { name: 'Referral notes' });
    const { brokerage_id } = await server.db
      .selectFrom('agents')
      .select('brokerage_id')
      .where('id', '=', agentId)
      .executeTakeFirstOrThrow();
    const colleague = await server.db
      .selectFrom('agents')
      .select('id')
      .where('brokerage_id', '=', brokerage_id)
      .where('id', '<>', agentId)
      .where('status', '=', 'ACTIVE')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await server.db.updateTable('referrals').set({ agent_id: colleague.id }).where('id', '=', refId).execute();

    const note = within(notes).getByLabelText('Note');
    await user.type(note, 'Called back, no answer.');
    await user.click(within(notes).getByRole('button', { name: 'Add Note' }));
    expect(await within(notes).findByRole('alert')).toHaveTextContent('No such referral');
    expect(note).toHaveValue('Called back, no answer.');
    expect(note).not.toHaveAttribute('aria-invalid');
  });

  it("a queued note the server refuses under its rule is listed as not saved with the rule's words, not the body's", async () => {
    const url = await agentReferral('LISTED_HOME', 'SELLER')();
    const app = await renderApp(url, { as: AGENT });
    await app.screen.findByRole('button', { name: 'Add Note' });
    // Queued by an app that admitted a longer note than the server's rule (the form now stops it at 2000).
    const long = 'x'.repeat(maxLengthOf(NewNote.entries.text)! + 1);
    await app.client.writes.queue.add(
      noteWrite(
        { agentId: await demoAgentId(), referralId: Number(url.split('/').pop()), referralName: 'The referral' },
        long,
      ),
    );
    const refused = await app.screen.findByRole('alert', { name: 'Changes not saved' });
    expect(refused).toHaveTextContent('A note is at most 2000 characters');
    expect(refused).not.toHaveTextContent('The request body is not valid');
  });
});
