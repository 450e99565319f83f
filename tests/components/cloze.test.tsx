import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';
import { call, signIn } from '../setup/test-server.ts';

const CONNECTED = 'You have successfully logged into Cloze.';
const FAILED =
  'There was an error logging into Cloze. Please try again. If the problem persists please contact support.';

/** Starts connecting as `identity` and allows access on the stand-in page: the URL Cloze sends the user back to. */
async function returnFromCloze(identity: string): Promise<string> {
  const server = await testServer();
  const caller = await signIn(server, identity);
  const start = await caller.get<{ authorizeUrl: string; state: string }>('/users-api/oauth-connectors/cloze');
  expect(start.status).toBe(200);
  const page = await call<string>(server, 'GET', start.body.authorizeUrl.replace(/^https?:\/\/[^/]+/, ''));
  expect(page.body).toContain('Allow');
  const allowed = await call(server, 'POST', '/dev/cloze/authorize', { form: { state: start.body.state } });
  expect(allowed.status).toBe(302);
  const back = new URL(allowed.headers.get('Location') ?? '', 'http://localhost');
  expect(back.pathname).toBe('/cloze');
  expect(back.searchParams.get('state')).toBe(start.body.state);
  return `${back.pathname}${back.search}`;
}

describe('the Cloze callback screen', () => {
  it('connects the signed-in user, says so, and returns to the console settings', async () => {
    const url = await returnFromCloze('broker@demo.test');
    const { screen, user, server } = await renderApp(url, { as: 'broker@demo.test' });
    expect(await screen.findByText(CONNECTED)).toBeInTheDocument();
    const broker = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'broker@demo.test')
      .executeTakeFirstOrThrow();
    const rows = await server.db
      .selectFrom('connector_connections')
      .selectAll()
      .where('user_id', '=', broker.id)
      .execute();
    expect(rows).toMatchObject([{ provider: 'cloze' }]);
    await user.click(screen.getByRole('button', { name: 'Return' }));
    await waitFor(() => expect(`${location.pathname}${location.search}`).toBe('/console?settings=true'));
  });

  it('refuses a code presented a second time', async () => {
    const url = await returnFromCloze('broker@demo.test');
    const first = await renderApp(url, { as: 'broker@demo.test' });
    expect(await first.screen.findByText(CONNECTED)).toBeInTheDocument();
    first.unmount();
    const again = await renderApp(url, { as: 'broker@demo.test' });
    expect(await again.screen.findByText(FAILED)).toBeInTheDocument();
  });

  it('refuses a state that was issued to another user', async () => {
    const url = await returnFromCloze('broker@demo.test');
    const { screen } = await renderApp(url, { as: 'manager@demo.test' });
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
  });

  it('shows the error without a code or without a session', async () => {
    const missing = await renderApp('/cloze?state=abc', { as: 'broker@demo.test' });
    expect(await missing.screen.findByText(FAILED)).toBeInTheDocument();
    missing.unmount();
    const url = await returnFromCloze('broker@demo.test');
    const signedOut = await renderApp(url);
    expect(await signedOut.screen.findByText(FAILED)).toBeInTheDocument();
    expect(signedOut.screen.getByRole('button', { name: 'Return' })).toBeInTheDocument();
  });
});
