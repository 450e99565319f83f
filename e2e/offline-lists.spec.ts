import { expect, savedCacheIncludes, serviceWorkerControls, test } from './fixtures.ts';

// This file's tests need the service worker, which the config blocks elsewhere (decision 0118).
test.use({ serviceWorkers: 'allow' });

// Lists after one visit: a broker's list reopens offline, a reload included, from the last
// visit with its rows and "Last updated".

const LAST_UPDATED = /^Last updated \d{1,2}:\d{2} (AM|PM)$/;

const LISTS = [
  { name: 'My Referrals', path: '/console/my-referrals', table: 'Referrals', cached: '"broker-referrals"' },
  { name: 'My Agents', path: '/console/my-agents', table: 'Agents', cached: '"my-agents"' },
] as const;

for (const list of LISTS) {
  test(`${list.name} reopens offline after a reload with its rows and "Last updated"`, async ({
    page,
    context,
    signedIn,
  }) => {
    test.setTimeout(120_000);
    await signedIn('broker@demo.test', list.path);
    await serviceWorkerControls(page);
    const table = page.getByRole('table', { name: list.table });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const firstRow = (await table.getByRole('row').nth(1).textContent()) ?? '';
    const rows = await table.getByRole('row').count();
    await expect(page.getByText(LAST_UPDATED)).toBeVisible();
    await expect.poll(() => savedCacheIncludes(page, list.cached), { timeout: 15_000 }).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(table.getByRole('row').nth(1)).toHaveText(firstRow);
    await expect(table.getByRole('row')).toHaveCount(rows);
    await expect(page.getByText(LAST_UPDATED)).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'You are offline. Showing the last data fetched.' }),
    ).toBeVisible();

    await context.setOffline(false);
  });
}
