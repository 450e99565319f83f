import { within } from '@testing-library/react';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

// Content Search's usage type filter names how many items each type holds (GET
// /interviews-api/content-items/usageTypes, which now has a screen).

describe('the usage type filter of Content Search', () => {
  it('names each usage type with its number of items, as the database counts them', async () => {
    const server = await testServer();
    const counts = await sql<{ usage_type: string; n: number }>`
      select u.usage_type, count(i.id)::int as n from content_usages u left join content_items i on i.usage_id = u.id group by 1`.execute(
      server.db,
    );
    const n = (type: string) => counts.rows.find((r) => r.usage_type === type)?.n ?? 0;
    const { screen } = await renderApp('/console/content-search', { as: 'engagement@demo.test' });
    const select = await screen.findByRole('combobox', { name: 'Usage type' }, { timeout: 30_000 });
    const items = (k: number) => `${k} ${k === 1 ? 'item' : 'items'}`;
    expect(
      await within(select).findByRole(
        'option',
        { name: `SMS Template (${items(n('SMS_TEMPLATE'))})` },
        { timeout: 30_000 },
      ),
    ).toBeInTheDocument();
    expect(
      within(select).getByRole('option', { name: `Email Template (${items(n('EMAIL_TEMPLATE'))})` }),
    ).toBeInTheDocument();
    expect(
      within(select).getByRole('option', { name: `Call Script (${items(n('CALL_SCRIPT'))})` }),
    ).toBeInTheDocument();
  }, 90_000);
});
