import { afterEach, describe, expect, it } from 'vitest';

import { renderApp, testServer } from '../setup/render-app.tsx';

// A record screen given a malformed id (`/view/abc`, `/view/0`) shows the scaffold's not-found state at
// once and asks the server nothing about that record.

/** Every API path the console asks the in-process server for, from now until the test ends. */
async function recordRequests() {
  const server = await testServer();
  const request = server.app.request;
  const paths: string[] = [];
  server.app.request = ((input: string, ...rest: unknown[]) => {
    paths.push(String(input));
    return (request as (...a: unknown[]) => unknown).call(server.app, input, ...rest);
  }) as typeof request;
  restore = () => {
    server.app.request = request;
  };
  return paths;
}
let restore = () => {};
afterEach(() => restore());

const ASKS_FOR_A_BAD_ID = /\/(0|abc)(\/|\?|$)/;

describe('a record screen with a malformed id', () => {
  it.each([
    ['brokerage', '/console/brokerages/view/abc', 'This brokerage could not be loaded.'],
    ['lead supplier', '/console/supplier-management/view/0', 'This lead supplier could not be loaded.'],
  ])('shows the %s not found and asks for no record', async (_kind, url, text) => {
    const paths = await recordRequests();
    const { screen } = await renderApp(url, { as: 'admin@demo.test' });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((p) => ASKS_FOR_A_BAD_ID.test(p.split('?')[0]!))).toEqual([]);
  });
});
