import { expect, expectNoAxeViolations, test } from './fixtures.ts';

test('the server answers robots.txt itself rather than with the console', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/plain');
  expect(await response.text()).toContain('Disallow: /console');
});

test('the home page loads the console under a strict content security policy', async ({ page, navigate }) => {
  const response = await navigate('/');
  expect(response?.status()).toBe(200);
  expect(await response?.text()).toContain('<title>Porchlight</title>');
  // Once the console runs, it names the page ("Login · Porchlight").
  await expect(page).toHaveTitle(/Porchlight$/);
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
});

test('the service worker script is revalidated on every load so a deploy is picked up', async ({ request }) => {
  const response = await request.get('/sw.js');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('javascript');
  expect(response.headers()['cache-control']).toBe('no-cache');
});

test('the accessibility check fails on a violation the console would have, under its content security policy', async ({
  page,
  navigate,
}) => {
  await navigate('/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  // A button with no name and text below the contrast ratio: what the check is there to catch.
  await page.evaluate(() => {
    const button = document.createElement('button');
    const faint = document.createElement('p');
    faint.textContent = 'Hard to read';
    faint.style.color = '#ddd';
    faint.style.background = '#fff';
    document.querySelector('main')?.append(button, faint);
  });
  const failure = await expectNoAxeViolations(page).then(
    () => '',
    (err: Error) => err.message,
  );
  expect(failure).toContain('button-name');
  expect(failure).toContain('color-contrast');
});
