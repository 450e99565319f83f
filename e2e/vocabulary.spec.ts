import { expect, test } from './fixtures.ts';

// One vocabulary, one truth (desktop; the component tests cover the phone's drawer sheet).

test('a wrong password then the right one leaves no error over the page it opens', async ({ page, navigate }) => {
  await navigate('/login');
  await page.getByLabel('Email', { exact: true }).fill('broker@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Whoops, Something went wrong. Try again.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Demo-pass-1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/console');
  await expect(page.getByRole('region', { name: 'Broker Score' })).toBeVisible();
  await expect(page.getByText('Whoops, Something went wrong. Try again.')).toHaveCount(0);
});

for (const identity of ['broker@demo.test', 'lender@demo.test', 'admin@demo.test']) {
  test(`exactly one drawer item is the current page on every page of ${identity}'s drawer`, async ({ page, login }) => {
    test.setTimeout(90_000);
    await login(identity);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link').nth(1)).toBeVisible();
    const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    for (const href of hrefs) {
      await nav.locator(`a[href="${href}"]`).click();
      await page.waitForURL((url) => url.pathname === href);
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
      await expect(nav.locator('[aria-current="page"]')).toHaveAttribute('href', href);
    }
  });
}

test('staff and the broker admin show the same agent\'s score the same way', async ({ page, login }) => {
  await login('broker@demo.test');
  await page.goto('/console/my-agents');
  const first = page.getByRole('table').getByRole('link').first();
  await first.click();
  await page.waitForURL(/\/console\/my-agents\/view\/\d+/);
  const id = /view\/(\d+)/.exec(page.url())![1];
  const score = page.locator('dt', { hasText: /^Score$/ }).locator('xpath=following-sibling::dd[1]');
  const brokerScore = (await score.textContent())!;
  expect(brokerScore).toMatch(/^(\d{1,3}\.\d\d%|-)$/);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await login('admin@demo.test');
  await page.goto(`/console/agents/view/${id}`);
  await expect(score).toHaveText(brokerScore);
});
