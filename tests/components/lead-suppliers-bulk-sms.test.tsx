import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '../setup/render-app.tsx';

// Supplier Management and Bulk SMS Send against the in-process API.

describe('Supplier Management', () => {
  it('lists the seeded suppliers and offers New Supplier to an admin only', async () => {
    const { screen } = await renderApp('/console/supplier-management', { as: 'admin@demo.test' });
    const table = await screen.findByRole('table', { name: 'Lead suppliers' });
    expect(await within(table).findByRole('link', { name: 'Facebook Ads' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Supplier' })).toBeInTheDocument();
  });
  it('shows a manager the supplier read-only: no ZIP forms, no remove buttons', async () => {
    const { screen, user } = await renderApp('/console/supplier-management', { as: 'manager@demo.test' });
    const table = await screen.findByRole('table', { name: 'Lead suppliers' });
    expect(screen.queryByRole('link', { name: 'New Supplier' })).toBeNull();
    await user.click(await within(table).findByRole('link', { name: 'Google Ads' }));
    expect(await screen.findByRole('table', { name: 'Covered ZIP codes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add ZIP Codes' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove ZIP/ })).toBeNull();
  });
  it('reports each invalid pasted line by its number', async () => {
    const { screen, user } = await renderApp('/console/supplier-management', { as: 'admin@demo.test' });
    await user.click(await screen.findByRole('link', { name: 'Homes.com' }));
    await user.type(await screen.findByLabelText('Paste ZIP codes (one per line)'), '30301{Enter}3030{Enter}30302');
    await user.click(screen.getByRole('button', { name: 'Add ZIP Codes' }));
    const invalid = await screen.findByRole('list', { name: 'Invalid lines' });
    expect(
      within(invalid)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line 2: 3030: ZIP must be exactly 5 digits']);
    expect(screen.getByText('2 saved, 0 already covered, 1 invalid.')).toBeInTheDocument();
  });
});

describe('Bulk SMS Send', () => {
  it('counts the parts as the message is typed and runs the pre-flight before any send button', async () => {
    const { screen, user } = await renderApp('/console/bulk-sms-send', { as: 'admin@demo.test' });
    await user.type(await screen.findByLabelText('Phone numbers (one per line)'), '(555) 555-0100{Enter}12345');
    await user.type(screen.getByLabelText('Message', { selector: 'textarea' }), 'Hi. Reply STOP to opt out.');
    expect(screen.getByText(/26 characters, 1 part \(GSM-7\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Send to/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Run Pre-flight' }));
    const pre = await screen.findByRole('region', { name: 'Pre-flight' });
    expect(within(pre).getByRole('table', { name: 'Suppressed recipients' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to 0 recipients (0 parts)' })).toBeDisabled();
  });
  it('tells a view-only user that they read the past sends but cannot send', async () => {
    const { screen } = await renderApp('/console/bulk-sms-send', { as: 'opps@demo.test' });
    expect(
      await screen.findByText('Your role can read the past sends and their reports, but not send.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run Pre-flight' })).not.toBeInTheDocument();
  });
});
