import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { profileStore, sessionStore } from '../../src/session/state.ts';
import { renderApp } from '../setup/render-app.tsx';

describe('the login page on the broker host', () => {
  it('shows the identifier, password, Stay Logged In, and the Register, Forgot Password, Terms and Privacy links', async () => {
    const { screen } = await renderApp('/login');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Stay Logged In' })).toBeInTheDocument();
    for (const name of ['Register', 'Forgot Password', 'Terms', 'Privacy'])
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login with One-Time Password' })).not.toBeInTheDocument();
  });

  it('shows the validation messages and the error snackbar for missing input', async () => {
    const { screen, user } = await renderApp('/login');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Whoops, Something went wrong. Try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus()); // the first field in error
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.getByText('Invalid e-mail.')).toBeInTheDocument();
  });

  it('moves focus to the password when only the password is missing', async () => {
    const { screen, user } = await renderApp('/login');
    await user.type(screen.getByLabelText('Email'), 'broker@demo.test');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
  });

  it('shows the error snackbar for a wrong password and stays on login', async () => {
    const { screen, user } = await renderApp('/login');
    await user.type(screen.getByLabelText('Email'), 'manager@demo.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-password-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Whoops, Something went wrong. Try again.')).toBeInTheDocument();
    expect(sessionStore.get()).toBeNull();
    expect(location.pathname).toBe('/login');
  });

  it('a wrong password then the right one leaves no error over the page it opens', async () => {
    const { screen, user } = await renderApp('/login');
    await user.type(screen.getByLabelText('Email'), 'manager@demo.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-password-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Whoops, Something went wrong. Try again.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Demo-pass-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location.pathname).not.toBe('/login'));
    expect(screen.queryByText('Whoops, Something went wrong. Try again.')).not.toBeInTheDocument();
  });

  it('signs a broker admin in (trimmed, lowercased), records the last login and lands on the overview', async () => {
    const { screen, user, server } = await renderApp('/login');
    await user.type(screen.getByLabelText('Email'), '  Broker@Demo.TEST ');
    await user.type(screen.getByLabelText('Password'), 'Demo-pass-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location.pathname).toBe('/console'));
    expect(profileStore.get().brokerage?.name).toBe('Harbor Point Realty');
    expect(sessionStore.get()?.expiresAt).toBeGreaterThan(Date.now() + 280_000);
    const row = await server.db
      .selectFrom('users')
      .select('psi_last_login')
      .where('email', '=', 'broker@demo.test')
      .executeTakeFirstOrThrow();
    expect(row.psi_last_login).not.toBeNull();
    expect(Object.keys(localStorage).every((k) => k.startsWith('porchlight:'))).toBe(true);
  });

  it('sends a staff admin to the brokerages list', async () => {
    const { screen, user } = await renderApp('/login');
    await user.type(screen.getByLabelText('Email'), 'admin@demo.test');
    await user.type(screen.getByLabelText('Password'), 'Demo-pass-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location.pathname).toBe('/console/brokerages'));
    expect(await screen.findByRole('heading', { name: 'Brokers', level: 1 })).toBeInTheDocument();
  });
});

describe('the console shell', () => {
  it('sends a visitor without a session from a console page to /login', async () => {
    await renderApp('/console/my-agents');
    await waitFor(() => expect(location.pathname).toBe('/login'));
  });

  it('shows a broker admin the navigation, the brokerage name and the app versions', async () => {
    const { screen } = await renderApp('/console/my-agents', { as: 'broker@demo.test' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('My Leads');
    // The top bar's own: My Agents has an Invite Agents button of its own once its list has loaded.
    const topBar = await screen.findByRole('banner');
    expect(await within(topBar).findByRole('button', { name: 'Harbor Point Realty' })).toBeInTheDocument();
    expect(await within(topBar).findByRole('button', { name: 'Invite Agents' })).toBeInTheDocument();
    expect(await screen.findByText('iOS: 3.14.0')).toBeInTheDocument();
    expect(screen.getByText('Android: 3.14.2')).toBeInTheDocument();
  });

  it('hides My Leads for a brokerage without LeadGenius', async () => {
    const { screen } = await renderApp('/console/my-agents', { as: 'broker.basic@demo.test' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav).not.toHaveTextContent('My Leads');
    expect(nav).toHaveTextContent('My Agents');
  });

  it('sends a user to their default route from a page their roles do not open', async () => {
    await renderApp('/console/dnc-list', { as: 'lender@demo.test' });
    await waitFor(() => expect(location.pathname).toBe('/console'));
  });

  it('shows the not-found page at an unknown address, keeping the address (decision 0048)', async () => {
    const { screen } = await renderApp('/console/nowhere/at/all');
    expect(await screen.findByText('Sorry, that page was not found.')).toBeInTheDocument();
    expect(location.pathname).toBe('/console/nowhere/at/all');
  });

  it('logs out after confirming, calling the server and clearing the session', async () => {
    const { screen, user } = await renderApp('/console/my-agents', { as: 'broker@demo.test' });
    const token = sessionStore.get()!.accessToken;
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect(sessionStore.get()).toBeNull();
    const res = await fetch('/users-api/users/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
  });
});
