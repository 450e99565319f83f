// @vitest-environment-options {"url":"http://agents.localhost/"}
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

const events = async () =>
  (await testServer()).db
    .selectFrom('analytics_events')
    .select(['measurement_id', 'kind', 'path'])
    .orderBy('id')
    .execute();

afterEach(() => {
  Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
});

describe('analytics per host', () => {
  it("records the agent host's sign-in and page views under its measurement id, by route pattern", async () => {
    const server = await testServer();
    await server.db.deleteFrom('analytics_events').execute();
    const { screen } = await renderApp('/console/agent-followups', { as: '(555) 010-0001' });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(async () =>
      expect(await events()).toEqual(
        expect.arrayContaining([
          { measurement_id: 'PL-AGENT', kind: 'sign_in', path: '/login' },
          { measurement_id: 'PL-AGENT', kind: 'page_view', path: '/console/agent-followups' },
        ]),
      ),
    );
    expect((await events()).every((e) => e.measurement_id === 'PL-AGENT' && !/\d|\?|@/.test(e.path))).toBe(true);
  });

  it('sends nothing when the browser asks not to be tracked', async () => {
    const server = await testServer();
    await server.db.deleteFrom('analytics_events').execute();
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    const { screen } = await renderApp('/console/agent-followups', { as: '(555) 010-0001' });
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await events()).toEqual([]);
  });
});
