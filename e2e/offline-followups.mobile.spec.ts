import { expect, savedCacheIncludes, test } from './fixtures.ts';

// This file's tests need the service worker, which the config blocks elsewhere (decision 0118).
test.use({ serviceWorkers: 'allow' });

// Sync for the day, on a phone: once the agent app has synced, a follow-up never opened
// opens offline (after an offline reload too) with its name and stage within 2 s; one the device did
// not keep (a closed referral) says so in one sentence with the way back, never an endless spinner.

const AGENT = '(555) 010-0001';
const WITHIN = 2_000; // every offline wait ends in content or a message within 2 s

test('after the day sync, offline, a follow-up never opened shows its name and stage within 2 s; one not kept says so', async ({
  page,
  context,
  login,
}) => {
  test.setTimeout(120_000);
  await login(AGENT);
  await expect(page).toHaveURL(/\/console\/agent-followups$/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true)); // the shell is precached
  await expect(page.getByText(/^Saved on this device for offline use: \d+ open follow-ups\. Last synced /)).toBeVisible(
    { timeout: 20_000 },
  );
  await expect.poll(() => savedCacheIncludes(page, '"day-sync"'), { timeout: 15_000 }).toBe(true);

  const rows = page.getByRole('list', { name: 'Follow-ups' }).getByRole('link');
  const closed = rows.filter({ hasText: /Closed · / });
  const open = rows.filter({ hasNotText: /(Closed|Leased|Removed) · / });
  await expect(closed).toHaveCount(1);
  const never = open.last();
  const name = await never.locator('span').first().innerText();
  const stage = (await never.locator('span').last().innerText()).split(' · ')[0]!;
  const closedName = await closed.locator('span').first().innerText();

  await context.setOffline(true);
  await page.reload(); // offline: the service worker serves the console, IndexedDB the kept day
  await expect(rows.first()).toBeVisible();
  let started = Date.now();
  await never.click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible({ timeout: WITHIN });
  await expect(page.getByText(stage, { exact: true })).toBeVisible({ timeout: WITHIN });
  const openedIn = Date.now() - started;
  await expect(page.getByText(/^Saved copy from \w{3} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'History' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to follow-ups' }).click();
  started = Date.now();
  await closed.click();
  await expect(
    page.getByText('This follow-up is not saved on this device, so it cannot be opened until you are back online.'),
  ).toBeVisible({ timeout: WITHIN });
  const notKeptIn = Date.now() - started;
  await expect(page.getByRole('heading', { level: 2, name: closedName })).toBeVisible();
  await expect(page.getByText('Loading referral', { exact: true })).toHaveCount(0); // no endless wait drawn
  console.log(
    `offline: a follow-up never opened showed in ${openedIn} ms, one not kept said so in ${notKeptIn} ms (budget ${WITHIN} ms)`,
  );
  await page.getByRole('link', { name: 'Back to follow-ups' }).click();
  await expect(rows.first()).toBeVisible();
  await context.setOffline(false);
});
