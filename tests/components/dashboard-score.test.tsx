import { within } from '@testing-library/react';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { clearPersistedQueries, settlePersistence } from '../../src/app/query-persistence.ts';
import type { BrokerScore } from '../../src/contract/brokerages.ts';
import { conversionLevel, scoreLevel } from '../../src/lib/score-levels.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';
import { signIn } from '../setup/test-server.ts';

const MISSING = 'We’re sorry, there was not enough data to display the correct score';

describe('the broker score widget', () => {
  it('shows each measure as a half-ring gauge with its level and the level legend', async () => {
    const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
    const api = await signIn(await testServer(), 'broker@demo.test');
    const me = (await api.get<{ brokerId: number }>('/users-api/users/me')).body;
    const score = (await api.get<BrokerScore>(`/agents-api/brokerages/${me.brokerId}/score`)).body;
    const card = await screen.findByRole('region', { name: 'Broker Score' });
    const overall = score.brokerScore!;
    expect(
      await within(card).findByRole('img', { name: `Overall score: ${overall.toFixed(2)}%, ${scoreLevel(overall)}` }),
    ).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Overall levels' })).toHaveTextContent('Bronze50–65');
    for (const [tab, value] of [
      ['Invites', score.invites],
      ['Updates', score.upToDatePercent],
      ['Met With', score.metWithRate90Day],
    ] as const) {
      await user.click(within(card).getByRole('tab', { name: tab }));
      expect(
        await within(card).findByRole('img', { name: `${tab} score: ${value!.toFixed(2)}%, ${scoreLevel(value!)}` }),
      ).toBeInTheDocument();
    }
    await user.click(within(card).getByRole('tab', { name: 'Conversion' }));
    const conversion = score.projectedConversion12Mo!;
    expect(
      await within(card).findByRole('img', {
        name: `Conversion score: ${conversion.toFixed(2)}%, ${conversionLevel(conversion)}`,
      }),
    ).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Conversion levels' })).toHaveTextContent('Platinum3% and above');
  });

  it('says there was not enough data where a measure is missing', async () => {
    const server = await testServer();
    const harbor = await server.db
      .selectFrom('brokerages')
      .select('id')
      .where('name', '=', 'Harbor Point Realty')
      .executeTakeFirstOrThrow();
    // Two years back, nothing falls in the 90-day and 12-month windows; open referrals (Updates) remain.
    await server.db
      .updateTable('opportunities')
      .set({ created_at: sql`created_at - interval '2 years'`, assigned_at: sql`assigned_at - interval '2 years'` })
      .where('brokerage_id', '=', harbor.id)
      .execute();
    await server.db
      .updateTable('referrals')
      .set({ created_at: sql`created_at - interval '2 years'` })
      .where('brokerage_id', '=', harbor.id)
      .execute();
    // The first test's answers are persisted (writes throttled by 1 s) and would be restored: let the write land, then clear.
    await settlePersistence();
    await clearPersistedQueries();
    const { screen, user } = await renderApp('/console', { as: 'broker@demo.test' });
    const card = await screen.findByRole('region', { name: 'Broker Score' });
    expect(await within(card).findByText(MISSING)).toBeInTheDocument();
    await user.click(within(card).getByRole('tab', { name: 'Met With' }));
    expect(await within(card).findByText(MISSING)).toBeInTheDocument();
    await user.click(within(card).getByRole('tab', { name: 'Updates' }));
    expect(await within(card).findByRole('img', { name: /^Updates score: / })).toBeInTheDocument();
  });
});
