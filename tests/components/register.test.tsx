import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { sessionStore } from '../../src/session/state.ts';
import { renderApp } from '../setup/render-app.tsx';
import { signIn } from '../setup/test-server.ts';

/** Answers the console's calls whose path matches with `answer` instead of the in-process API. */
function intercept(match: (path: string, method: string) => boolean, answer: () => Promise<Response>) {
  const real = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return match(url, init?.method ?? 'GET') ? answer() : real(input, init);
  }) as typeof fetch;
}
const json = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const offline = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};

describe('registering with an invite code', () => {
  it('verifies the code from the link, sets the password, then sends the user to login where it works', async () => {
    const { screen, user, server } = await renderApp('/register/DEMO-INVITE-2');
    expect(await screen.findByLabelText('Invite Code')).toHaveValue('DEMO-INVITE-2');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const password = await screen.findByLabelText('New Password');
    expect(password).toHaveAccessibleDescription('min 9 characters and one number');
    expect(screen.getByText('Choose a password for invitee2@demo.test.')).toBeInTheDocument();

    await user.type(password, 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Password must be at least 9 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Harbor-pass-22');
    await user.type(screen.getByLabelText('Confirm Password'), 'Harbor-pass-22');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));

    expect(await screen.findByText('Password successfully set.')).toBeInTheDocument();
    expect(location.pathname).toBe('/register/DEMO-INVITE-2');
    await waitFor(() => expect(location.pathname).toBe('/login'), { timeout: 5000 });
    // The temporary session never became the console's session.
    expect(sessionStore.get()).toBeNull();
    await expect(signIn(server, 'invitee2@demo.test', 'Harbor-pass-22')).resolves.toBeDefined();
  });

  it('prefills the code from ?code= and will not verify an empty code', async () => {
    const { screen, user } = await renderApp('/register?code=ABCD-EFGH');
    const field = await screen.findByLabelText('Invite Code');
    expect(field).toHaveValue('ABCD-EFGH');
    await user.clear(field);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await user.type(field, '   ');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
  });

  it('returns to code entry with the validating message for an unknown code', async () => {
    const { screen, user } = await renderApp('/register');
    await user.type(await screen.findByLabelText('Invite Code'), 'NOPE-NOPE-NOPE');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There was an error validating this invite code.');
    expect(screen.getByLabelText('Invite Code')).toHaveValue('NOPE-NOPE-NOPE');
  });

  // The real server cannot fail these steps for a valid code, so the one call is answered here.
  it.each([
    [
      'getting the token',
      (p: string) => p.includes('/auth/oauth2.0/accessToken'),
      json(400, { status: 400, message: 'no' }),
      'There was an error getting your access token.',
    ],
    [
      'loading the user',
      (p: string) => p.endsWith('/users-api/users/me'),
      json(500, { status: 500, message: 'down' }),
      'There was an error authenticating your user.',
    ],
    [
      'a user without an id',
      (p: string) => p.endsWith('/users-api/users/me'),
      json(200, { email: 'x@demo.test' }),
      'Error, user ID is missing.',
    ],
    [
      'an incomplete profile',
      (p: string) => p.endsWith('/users-api/users/me'),
      json(200, { id: 7 }),
      'Error while loading user profile.',
    ],
  ])('returns to code entry when %s fails', async (_, match, answer, message) => {
    const { screen, user } = await renderApp('/register/DEMO-INVITE-3');
    intercept(match, answer);
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Invite Code')).toHaveValue('DEMO-INVITE-3');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it('returns to code entry when the password cannot be saved, and the code still works afterwards', async () => {
    const { screen, user } = await renderApp('/register/DEMO-INVITE-4');
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    await user.type(await screen.findByLabelText('New Password'), 'Harbor-pass-44');
    await user.type(screen.getByLabelText('Confirm Password'), 'Harbor-pass-44');
    const real = globalThis.fetch;
    intercept((p, method) => method === 'PATCH' && p.includes('/users-api/users/'), offline);
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error while updating user password.');

    globalThis.fetch = real;
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByLabelText('New Password')).toBeInTheDocument();
  });
});
