import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';
import { DEMO_AGENT_PHONE } from '../setup/test-server.ts';

// The agent profile's "Notify me of": a new referral and a broker's reminder by push, text and email,
// each saved as it is ticked.

const SLOW = { timeout: 60_000 };

describe("the profile's notification choices", () => {
  it('shows the defaults and saves a change at once', async () => {
    const { screen, user } = await renderApp('/console/agent-profile', { as: '(555) 010-0001' });
    const newReferral = await screen.findByRole('group', { name: 'A new referral' }, SLOW);
    const reminder = screen.getByRole('group', { name: 'A reminder from my broker' });
    expect(within(newReferral).getByRole('switch', { name: 'Push notification' })).toBeChecked();
    expect(within(newReferral).getByRole('switch', { name: 'Text message' })).toBeChecked();
    expect(within(newReferral).getByRole('switch', { name: 'Email' })).not.toBeChecked();
    expect(within(reminder).getByRole('switch', { name: 'Push notification' })).toBeChecked();
    expect(within(reminder).getByRole('switch', { name: 'Text message' })).not.toBeChecked();

    await user.click(within(reminder).getByRole('switch', { name: 'Email' }));
    await user.click(within(newReferral).getByRole('switch', { name: 'Text message' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const server = await testServer();
    const { agent_id } = await server.db
      .selectFrom('users')
      .select('agent_id')
      .where('phone', '=', DEMO_AGENT_PHONE)
      .executeTakeFirstOrThrow();
    await waitFor(async () => {
      const rows = await server.db
        .selectFrom('agent_message_preferences')
        .select(['kind', 'channels'])
        .where('agent_id', '=', agent_id!)
        .orderBy('kind')
        .execute();
      expect(rows).toEqual([
        { kind: 'NEW_REFERRAL', channels: ['PUSH'] },
        { kind: 'REMINDER', channels: ['PUSH', 'EMAIL'] },
      ]);
    });
  }, 180_000);
});
