import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '../setup/render-app.tsx';

// The overview's links carry the product the widget counted (the lists default to both), and
// the notifications menu sits in the top bar of the broker admin's lists.

describe('links from the overview', () => {
  it('carry the chosen product, and the list they open counts that product', async () => {
    const { screen, user, server } = await renderApp('/console', { as: 'supplier@demo.test' });
    const harbor = await server.db
      .selectFrom('brokerages')
      .select('id')
      .where('name', '=', 'Harbor Point Realty')
      .executeTakeFirstOrThrow();
    const porchlight = (
      await server.db
        .selectFrom('referrals')
        .select('id')
        .where('brokerage_id', '=', harbor.id)
        .where('product', '=', 'PORCHLIGHT')
        .execute()
    ).length.toLocaleString('en-US');
    const totals = await screen.findByRole('region', { name: 'Overall Totals' });
    expect(await within(totals).findByRole('link', { name: /^Total Referrals / })).toHaveAttribute(
      'href',
      '/console/my-referrals?category=all',
    );
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Product' }), 'PORCHLIGHT');
    const link = await within(totals).findByRole('link', { name: `Total Referrals ${porchlight}` });
    expect(link).toHaveAttribute('href', '/console/my-referrals?category=all&product=PORCHLIGHT');
    const funnel = await screen.findByRole('region', { name: 'Sales Funnel' });
    for (const a of within(funnel).getAllByRole('link')) expect(a.getAttribute('href')).toMatch(/&product=PORCHLIGHT$/);
  }, 120_000);
});

describe('the notifications menu', () => {
  it('is in the top bar of My Referrals, My Agents and My Leads for a brokerage admin', async () => {
    for (const path of ['/console/my-referrals', '/console/my-agents', '/console/my-leads'] as const) {
      const { screen, unmount } = await renderApp(path, { as: 'broker@demo.test' });
      // The menu is a lazy chunk: the shared test machine can take seconds to load it.
      expect(await screen.findByRole('button', { name: 'Notifications' }, { timeout: 30_000 })).toBeInTheDocument();
      unmount();
    }
  }, 120_000);
});
