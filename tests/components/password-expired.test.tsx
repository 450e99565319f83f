import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { profileStore } from '../../src/session/state.ts';
import { renderApp } from '../setup/render-app.tsx';
import { signIn } from '../setup/test-server.ts';

const EXPIRED = 'Your password has recently expired or has been reset. Please update it now.';

// Runs before the password is changed below (one database per file).
describe('the dialog on entry', () => {
  it('opens once per sign-in; the banner opens it again', async () => {
    const { screen, user } = await renderApp('/console/my-agents', { as: 'expired@demo.test' });
    expect(await screen.findByRole('dialog', { name: 'Update Password' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Cancel' })); // the form loads as the dialog opens
    await user.click(screen.getByRole('link', { name: 'My Referrals' }));
    await screen.findByRole('heading', { name: 'My Referrals', level: 1 });
    expect(screen.queryByRole('dialog', { name: 'Update Password' })).not.toBeInTheDocument();
    await user.click(
      within(screen.getByRole('region', { name: 'Password expired' })).getByRole('button', { name: 'Update Password' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Update Password' })).toBeInTheDocument();
  });
});

describe('an expired password', () => {
  it('shows the warning banner and opens the update-password dialog on entry; a new password clears both', async () => {
    const { screen, user, server } = await renderApp('/console/my-agents', { as: 'expired@demo.test' });
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Update Password' });
    expect(within(dialog).queryByLabelText('Current Password')).not.toBeInTheDocument();
    const password = await within(dialog).findByLabelText('New Password'); // the form loads as the dialog opens
    expect(password).toHaveAccessibleDescription('min 9 characters and one number');

    await user.type(password, 'nodigitshere');
    await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
    expect(await within(dialog).findByText('Password must contain at least 1 digit')).toBeInTheDocument();
    expect(within(dialog).getByText('Passwords must match')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Fresh-pass-33');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'Fresh-pass-33');
    await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByText('Your password has been updated.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update Password' })).not.toBeInTheDocument());
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
    expect(profileStore.get().user?.passwordExpired).toBe(false);
    await expect(signIn(server, 'expired@demo.test', 'Fresh-pass-33')).resolves.toBeDefined();
  });
});

describe('a voluntary password change from the profile dialog', () => {
  it('asks for the current password and shows the server refusing a wrong one', async () => {
    const { screen, user, server } = await renderApp('/console/my-agents', { as: 'broker.basic@demo.test' });
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Maple & Main Homes' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Profile' })).getByRole('button', { name: 'Update Password' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Update Password' });
    await user.type(await within(dialog).findByLabelText('New Password'), 'Maple-pass-55');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'Maple-pass-55');
    await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
    expect(await within(dialog).findByText('Current password is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Current Password'), 'Not-the-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Current Password'));
    await user.type(within(dialog).getByLabelText('Current Password'), 'Demo-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Your password has been updated.')).toBeInTheDocument();
    await expect(signIn(server, 'broker.basic@demo.test', 'Maple-pass-55')).resolves.toBeDefined();
  });
});
