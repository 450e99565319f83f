import type { Page } from '@playwright/test';

import {
  DEMO_IDENTITIES,
  expect,
  expectNoAxeViolations,
  login,
  navigate,
  serviceWorkerControls,
  signedIn,
  test,
} from './fixtures.ts';

test.describe('sign-in lands every demo identity on its default route', () => {
  for (const { identity, landing } of DEMO_IDENTITIES) {
    test(`${identity} lands on ${landing}`, async ({ page }) => {
      // The worker's database lives for the whole run, and access.spec.ts updates the expired
      // password: whether it is still expired here depends on which of the two files this worker ran
      // first. The profile the console reads says which, so the test follows it rather than the order.
      const profile = page.waitForResponse(
        (r) => r.url().endsWith('/users-api/users/me') && r.request().method() === 'GET' && r.ok(),
      );
      await login(page, identity);
      await expect(page).toHaveURL((url) => url.pathname === landing);
      const { passwordExpired } = (await (await profile).json()) as { passwordExpired?: boolean };
      if (identity !== 'expired@demo.test') expect(passwordExpired).toBe(false);
      if (passwordExpired === true) {
        // The update-password dialog opens on entry (spec 1 section 4) and, modal, hides the page from
        // assistive technology until it closes: whether the navigation is read before it opens is a race.
        const dialog = page.getByRole('dialog', { name: 'Update Password' });
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
      }
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    });
  }
});

test.describe('the login page', () => {
  test('shows the validation messages and the error snackbar', async ({ page }) => {
    await navigate(page, '/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByText('Whoops, Something went wrong. Try again.')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('broker@demo');
    await expect(page.getByText('Invalid e-mail.')).toBeVisible();
  });

  test('refuses a wrong password with the snackbar and stays on login', async ({ page }) => {
    await navigate(page, '/login');
    await page.getByLabel('Email', { exact: true }).fill('manager@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Whoops, Something went wrong. Try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('on the agent host asks for a phone number and offers the one-time password', async ({ page }) => {
    await navigate(page, '/login', { host: 'agent' });
    await expect(page.getByLabel('Phone Number', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login with One-Time Password' })).toBeVisible();
    await page.getByLabel('Phone Number', { exact: true }).fill('555-01');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Invalid phone number.')).toBeVisible();
  });
});

test('an unknown path shows the not-found page at the address typed (decision 0048)', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expect(page.getByText('Sorry, that page was not found.')).toBeVisible();
});

test('a console page without a session goes to /login', async ({ page }) => {
  await navigate(page, '/console/my-agents');
  await expect(page).toHaveURL(/\/login$/);
});

test('logout asks first, then ends the session', async ({ page }) => {
  await login(page, 'manager@demo.test');
  await page.getByRole('button', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/console\/brokerages$/);
  await page.getByRole('button', { name: 'Log out' }).click();
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await navigate(page, '/console/brokerages');
  await expect(page).toHaveURL(/\/login$/);
});

test('the drawer shows the staff navigation, app versions and support', async ({ page }) => {
  await signedIn(page, 'admin@demo.test', '/console/brokerages');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of [
    'Brokers',
    'Agents',
    'Lenders',
    'Opportunities',
    'DNC List',
    'Bulk SMS Send',
    'User Management',
    'QA Review',
    'Supplier Management',
  ]) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText('iOS: 3.14.0')).toBeVisible();
  await expect(page.getByText('Android: 3.14.2')).toBeVisible();
  await nav.getByRole('link', { name: 'Lenders', exact: true }).click();
  await expect(page).toHaveURL(/\/console\/lenders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lenders' })).toBeVisible();
});

test.describe('with the service worker', () => {
  // The service worker is blocked elsewhere (decision 0118); these tests are about it.
  test.use({ serviceWorkers: 'allow' });

  test('the shell still renders after an offline reload', async ({ page, context }) => {
    await signedIn(page, 'broker@demo.test', '/console');
    // The service worker takes control after its first install; wait until it has.
    await serviceWorkerControls(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(false);
  });

  test('the API calls and the hashed assets bypass the service worker, which serves the shell', async ({ page }) => {
    await signedIn(page, 'broker@demo.test', '/console');
    await serviceWorkerControls(page);
    await expect(page.getByRole('heading', { name: 'Broker Score' })).toBeVisible();
    // Resource Timing names the static route each request matched (Chromium 123+): 'network' for the
    // API's families (sw/sw.ts), 'cache' for the precached scripts and styles, which the browser reads
    // from the precache without the worker's fetch event ('cache' again is where they came from).
    const timed = () =>
      page.evaluate(() =>
        (
          performance.getEntriesByType('resource') as (PerformanceResourceTiming & {
            workerMatchedSourceType?: string;
            workerFinalSourceType?: string;
          })[]
        ).map((e) => ({
          path: new URL(e.name).pathname,
          matched: e.workerMatchedSourceType ?? 'unsupported',
          final: e.workerFinalSourceType ?? 'unsupported',
        })),
      );
    const isApi = (s: { path: string }) => /^\/(users|agents|interviews|leads)-api\//.test(s.path);
    // The reloaded page shows the figures restored from IndexedDB at once; its refetches are timed only
    // once their answers are in, after the heading shows.
    await expect.poll(async () => (await timed()).filter(isApi).length).toBeGreaterThan(3);
    const sources = await timed();
    const api = sources.filter(isApi);
    expect(api.filter((s) => s.matched !== 'network')).toEqual([]);
    const scripts = sources.filter((s) => s.path.startsWith('/assets/') && s.path.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.matched !== 'cache' || s.final !== 'cache')).toEqual([]);
  });
});

test('the console page is revalidated on every load so a deploy is picked up', async ({ request }) => {
  for (const path of ['/', '/login', '/console/brokerages']) {
    const res = await request.get(path);
    expect(res.headers()['cache-control'], path).toBe('no-cache');
  }
});

test.describe('a spinner', () => {
  // The lead's call is held by the test; the service worker would otherwise answer around the route.
  test.use({ serviceWorkers: 'block' });

  /** Holds the lead's call and opens it signed in: the spinner of the wait, and the way to end the wait. */
  async function heldLead(page: Page) {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/lead/99999999', async (route) => {
      await held;
      await route.continue();
    });
    await signedIn(page, 'broker@demo.test', '/console?lead=99999999');
    const spinner = page.getByRole('progressbar', { name: 'Loading lead', exact: true });
    await expect(spinner).toBeAttached({ timeout: 15_000 });
    // Each of the spinner's animations is moved to a moment of the wait and the drawn style read there,
    // so the check does not depend on how fast this machine reaches the spinner.
    const at = (ms: number) =>
      spinner.evaluate((el, t) => {
        const animations = el.getAnimations();
        for (const a of animations) {
          a.pause();
          a.currentTime = t;
        }
        const style = getComputedStyle(el);
        return { animations: animations.length, opacity: style.opacity, transform: style.transform };
      }, ms);
    return { spinner, at, release };
  }

  test('stays invisible and still for the first second of a wait, then shows and turns', async ({ page }) => {
    const { spinner, at, release } = await heldLead(page);
    const early = await at(900);
    expect(early.animations).toBeGreaterThan(0);
    expect(early).toMatchObject({ opacity: '0', transform: 'none' });
    const late = await at(1_400);
    expect(late.opacity).toBe('1');
    expect(late.transform).toMatch(/^matrix\(/);
    release();
    await expect(spinner).toHaveCount(0);
  });

  test('under reduced motion shows after the first second all the same, and does not turn', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const { spinner, at, release } = await heldLead(page);
    expect(await at(900)).toMatchObject({ opacity: '0', transform: 'none' });
    for (const ms of [1_400, 1_600, 2_000]) expect(await at(ms)).toMatchObject({ opacity: '1', transform: 'none' });
    release();
    await expect(spinner).toHaveCount(0);
  });
});

test.describe('skeletons on first load', () => {
  // The list's call is held by the test; the service worker would otherwise answer around the route.
  test.use({ serviceWorkers: 'block' });

  test('a list draws grey rows where its data will land, busy to screen readers, still under reduced motion, then the rows', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/lenders-api/loan-offices?*', async (route) => {
      await held;
      await route.continue();
    });
    await signedIn(page, 'admin@demo.test', '/console/lenders');
    const table = page.getByRole('table', { name: 'Loan offices', exact: true });
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByText('Loading Loan offices')).toBeAttached();
    const shapes = table.locator('[data-skeleton="row"]');
    await expect(shapes).toHaveCount(10);
    await expect(shapes.first()).toBeVisible();
    await expect(shapes.first()).toHaveAttribute('aria-hidden', 'true');
    // Shaped like a row: as tall as the rows that replace it, a line drawn in each cell.
    expect((await shapes.first().boundingBox())!.height).toBeGreaterThanOrEqual(40);
    const lines = shapes.first().locator('td > span');
    await expect(lines.first()).toBeVisible();
    expect(await lines.first().evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await expectNoAxeViolations(page);
    release();
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(shapes).toHaveCount(0);
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
  });

  test('a skeleton shimmers only once a wait has lasted a second', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/lenders-api/loan-offices?*', async (route) => {
      await held;
      await route.continue();
    });
    await signedIn(page, 'admin@demo.test', '/console/lenders');
    const line = page
      .getByRole('table', { name: 'Loan offices', exact: true })
      .locator('[data-skeleton="row"] td > span')
      .first();
    await expect(line).toBeVisible();
    const delays = await line.evaluate((el) =>
      el.getAnimations().map((a) => (a.effect as KeyframeEffect).getTiming().delay),
    );
    expect(delays).toEqual([1000]);
    release();
    await expect(line).toHaveCount(0);
  });
});
