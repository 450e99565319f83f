import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { fetchMe } from '../../src/api/users.ts';
import { draftKey, useDraft } from '../../src/session/draft.ts';
import { logout, signIn } from '../../src/session/session.ts';
import { profileStore, sessionStore } from '../../src/session/state.ts';
import { renderApp } from '../setup/render-app.tsx';
import { callerFor, DEMO_PASSWORD } from '../setup/test-server.ts';

/** A console form holding a note (kept) and a password (never kept). */
function NoteForm() {
  const [values, update, clear] = useDraft('test-note', { note: '', password: '' });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        clear();
      }}
    >
      <label>
        Note
        <input value={values.note} onChange={(e) => update({ note: e.target.value })} />
      </label>
      <label>
        Password
        <input type="password" value={values.password} onChange={(e) => update({ password: e.target.value })} />
      </label>
      <button type="submit">Save</button>
    </form>
  );
}

const signInAs = (email: string) => signIn({ username: email, password: DEMO_PASSWORD, stayLoggedIn: false });

describe('never losing typed work', () => {
  it('keeps a form through a session that ends with a 401 and restores it after signing in again', async () => {
    const { server, unmount } = await renderApp('/login', { as: 'broker@demo.test' });
    unmount();
    const brokerId = profileStore.get().user!.id;
    const form = render(<NoteForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Note'), 'Call the Smiths back');
    await user.type(screen.getByLabelText('Password'), 'Secret-pass-1');
    const stored = localStorage.getItem(draftKey(brokerId, 'test-note')) ?? '';
    expect(stored).toContain('Call the Smiths back');
    expect(stored).not.toContain('Secret-pass-1');

    // The session is revoked elsewhere; the next call answers 401 and the console ends the session.
    await callerFor(server, sessionStore.get()!.accessToken).get('/auth/logout');
    await expect(fetchMe()).rejects.toThrow();
    await waitFor(() => expect(sessionStore.get()).toBeNull());
    // Signed out, the form is nobody's: it does not show the broker's note.
    await waitFor(() => expect(screen.getByLabelText('Note')).toHaveValue(''));
    form.unmount();

    await signInAs('broker@demo.test');
    render(<NoteForm />);
    expect(screen.getByLabelText('Note')).toHaveValue('Call the Smiths back');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('survives a logout (what the still-there countdown does), never shows to another user, and is cleared by a successful submit', async () => {
    await renderApp('/login', { as: 'broker@demo.test' }).then((r) => r.unmount());
    const first = render(<NoteForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Note'), 'Draft for the board');
    first.unmount();
    await logout();
    expect(sessionStore.get()).toBeNull();

    await signInAs('broker.basic@demo.test');
    const other = render(<NoteForm />);
    expect(screen.getByLabelText('Note')).toHaveValue('');
    other.unmount();

    await signInAs('broker@demo.test');
    render(<NoteForm />);
    expect(screen.getByLabelText('Note')).toHaveValue('Draft for the board');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Note')).toHaveValue('');
    expect(localStorage.getItem(draftKey(profileStore.get().user!.id, 'test-note'))).toBeNull();
  });
});
