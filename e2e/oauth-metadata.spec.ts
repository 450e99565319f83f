import { expect, serviceWorkerControls, test } from './fixtures.ts';

// This file's tests need the service worker, which the config blocks elsewhere (decision 0118).
test.use({ serviceWorkers: 'allow' });

test("the OAuth metadata is the server's JSON, even once the service worker controls the page", async ({
  page,
  navigate,
}) => {
  await navigate('/login');
  await serviceWorkerControls(page);
  const response = await page.goto('/.well-known/oauth-authorization-server');
  expect(response?.headers()['content-type']).toContain('application/json');
  const metadata = (await response?.json()) as { token_endpoint: string; code_challenge_methods_supported: string[] };
  expect(metadata.token_endpoint).toMatch(/\/auth\/oauth2\.0\/accessToken$/);
  expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
});
