import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { renderApp } from '../setup/render-app.tsx';

afterEach(() => {
  window.innerWidth = 1024;
});

describe('the console shell on a phone', () => {
  it('lets a broker admin reach Invite Agents from the menu', async () => {
    window.innerWidth = 400;
    const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(menu).getByRole('button', { name: 'Invite Agents' }));
    await waitFor(() => expect(location.pathname).toBe('/console/my-agents'));
    expect(location.search).toBe('?invite=true');
  });

  it('does not offer it to staff who cannot invite', async () => {
    window.innerWidth = 400;
    const { screen, user } = await renderApp('/console/brokerages', { as: 'admin@demo.test' });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).queryByRole('button', { name: 'Invite Agents' })).not.toBeInTheDocument();
  });
});
