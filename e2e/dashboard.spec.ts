import type { Page } from '@playwright/test';

import { expect, login, outbox, serviceWorkerControls, signedIn, test } from './fixtures.ts';

// The overview dashboard on a desktop. Reads only, apart from one contact-sales inquiry
// (an outbox row): the demo data other specs rely on stays as it is.

const WIDGETS = [
  'Broker Score',
  'Overall Totals',
  'Sales Funnel',
  'Referral Summary',
  'Performance',
  'Lead Progression',
  'Responded Leads Status',
  'New Leads Sent vs. Quarterly Cap',
  'Leads Limit',
  'Leads by Source',
  'Agent Leaderboard',
  'Leads by Status',
  'Agents with Overdue Referrals',
  'Referral Progression',
  'Recently Assigned Referrals',
  'Recently Assigned IRIS Referrals',
];

const widget = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a broker admin sees every widget with its numbers', async ({ page }) => {
  await login(page, 'broker@demo.test');
  await expect(page).toHaveURL(/\/console$/);
  for (const name of WIDGETS) {
    await expect(widget(page, name)).toBeVisible();
    await expect(widget(page, name)).toContainText(/\d/);
  }
  await expect(
    widget(page, 'Broker Score').getByRole('img', {
      name: /^Overall score: \d+\.\d{2}%, (Red|Bronze|Silver|Gold|Platinum)$/,
    }),
  ).toBeVisible();
  await expect(widget(page, 'Overall Totals').getByRole('link', { name: /^Total Referrals [\d,]+$/ })).toBeVisible();
  await expect(widget(page, 'Agent Leaderboard').getByRole('row')).toHaveCount(6);
  await expect(widget(page, 'Performance')).toContainText('Projected only; not a guarantee.');
  await expect(page.getByText(/^Last updated \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
  await widget(page, 'Responded Leads Status').getByRole('tab', { name: 'New Leads' }).click();
  await expect(
    widget(page, 'Responded Leads Status').getByRole('img', { name: 'New Leads: share by status (pie chart)' }),
  ).toBeVisible();
});

/** The charts' animations: every running or finished CSS animation whose target is inside a chart's SVG. */
const chartAnimations = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter(
        (a) =>
          a.effect instanceof KeyframeEffect && a.effect.target instanceof Element && a.effect.target.closest('svg'),
      )
      .map((a) => {
        const effect = a.effect as KeyframeEffect;
        const timing = effect.getTiming();
        // A CSS animation's timing function applies to each keyframe interval.
        return {
          delay: timing.delay,
          duration: timing.duration,
          easing: effect.getKeyframes()[0]?.easing,
          tag: effect.target!.tagName,
        };
      }),
  );

test('the charts grow as the spec says (300 ms, then a step every 5 ms) and stand still under reduced motion', async ({
  page,
}) => {
  await signedIn(page, 'broker@demo.test', '/console');
  await expect(page.getByRole('img', { name: 'Overall Leads: share by status (pie chart)' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Referral summary (bar chart)' })).toBeVisible();
  await expect(widget(page, 'Broker Score').getByRole('img', { name: /^Overall score/ })).toBeVisible();
  const grown = await chartAnimations(page);
  // Bars and columns (rect), the donut's and the gauge's masks (circle, path): one timing for all.
  expect(grown.map((a) => a.tag)).toEqual(expect.arrayContaining(['rect', 'circle', 'path']));
  for (const a of grown) expect(a).toMatchObject({ delay: 300, duration: 300, easing: 'steps(60)' }); // steps(60) is steps(60, end)

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await expect(page.getByRole('img', { name: 'Overall Leads: share by status (pie chart)' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Referral summary (bar chart)' })).toBeVisible();
  await expect(widget(page, 'Broker Score').getByRole('img', { name: /^Overall score/ })).toBeVisible();
  expect(await chartAnimations(page)).toEqual([]);
});

test('a widget leads to the matching list', async ({ page }) => {
  await signedIn(page, 'broker@demo.test', '/console');
  await widget(page, 'Overall Totals')
    .getByRole('link', { name: /^Active [\d,]+$/ })
    .click();
  await expect(page).toHaveURL(/\/console\/my-referrals\?category=active$/);
  await page.goBack();
  await widget(page, 'Agents with Overdue Referrals')
    .getByRole('link', { name: /^View All [\d,]+ Agents$/ })
    .click();
  await expect(page).toHaveURL(/\/console\/my-agents\?sort=overdue,DESC$/);
  await page.goBack();
  const first = widget(page, 'Agent Leaderboard').getByRole('row').nth(1);
  const href = await first.getByRole('link').getAttribute('href');
  await first.getByRole('cell').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('a recent lead opens the lead detail dialog, which closes back to the overview', async ({ page }) => {
  await signedIn(page, 'broker@demo.test', '/console');
  const recent = widget(page, 'Referral Progression').getByRole('list', { name: 'Recent leads' });
  const first = recent.getByRole('button').first();
  const name = (await first.textContent()) ?? '';
  await first.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Details' })).toBeVisible();
  // The phone is a tel: link to act on, not a read-only field (decision 0094).
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await expect(dialog.getByText('Phone Number')).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(1000);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/console$/);
});

test('a brokerage without IRIS sees teasers and sends the contact-sales inquiry', async ({ page, request }) => {
  await signedIn(page, 'broker.basic@demo.test', '/console');
  const card = widget(page, 'Lead Progression');
  await expect(card.getByTestId('teaser-dummy')).toHaveAttribute('aria-hidden', 'true');
  await expect(card.getByRole('img')).toHaveCount(0);
  await card.getByRole('button', { name: 'Contact Sales about Lead Progression' }).click();
  await expect(page.getByText('Inquiry Sent: Contact info sent to sales')).toBeVisible();
  const sent = (await outbox(request)).content.filter((m) => m.recipient === 'sales@porchlight.example');
  expect(sent.some((m) => m.subject === 'Bailey Maple asked about Lead Progression')).toBe(true);
});

test('a lead supplier switches the product selector', async ({ page }) => {
  await signedIn(page, 'supplier@demo.test', '/console');
  const product = page.getByRole('combobox', { name: 'Product' });
  await expect(product).toHaveValue('COMBINED');
  await expect(widget(page, 'Lead Progression')).toBeVisible();
  await product.selectOption({ label: 'Porchlight Referrals' });
  await expect(widget(page, 'Lead Progression')).toBeHidden();
  await expect(widget(page, 'Overall Totals').getByRole('link', { name: /^Total Referrals [\d,]+$/ })).toBeVisible();
  await product.selectOption({ label: 'IRIS' });
  await expect(widget(page, 'Lead Progression')).toBeVisible();
});

test.describe('with the service worker', () => {
  // The service worker is blocked elsewhere (decision 0118); these tests are about it.
  test.use({ serviceWorkers: 'allow' });

  test('an offline reload shows the last fetched dashboard', async ({ page, context }) => {
    await signedIn(page, 'broker@demo.test', '/console');
    await serviceWorkerControls(page);
    const total = widget(page, 'Overall Totals').getByRole('link', { name: /^Total Referrals [\d,]+$/ });
    const totalText = (await total.textContent()) ?? '';
    await expect(widget(page, 'Agent Leaderboard').getByRole('row')).toHaveCount(6);
    // The cache is written to IndexedDB at most once a second: wait until the dashboard's answers are in.
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              new Promise<string>((resolve) => {
                const open = indexedDB.open('porchlight');
                open.onerror = () => resolve('cannot open');
                open.onsuccess = () => {
                  try {
                    const all = open.result.transaction('query-cache').objectStore('query-cache').getAll();
                    all.onerror = () => resolve('cannot read');
                    all.onsuccess = () => {
                      const cached = JSON.stringify(all.result);
                      resolve(
                        ['"stats"', '"score"', '"leaderboard"', '"overdue-agents"', '"lead-stats"']
                          .filter((key) => !cached.includes(key))
                          .join(' ') || 'all cached',
                      );
                    };
                  } catch (err) {
                    resolve(String(err));
                  }
                };
              }),
          ),
        { timeout: 15_000 },
      )
      .toBe('all cached');
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('You are offline. Showing the last data fetched.')).toBeVisible();
    await expect(
      widget(page, 'Overall Totals').getByRole('link', { name: totalText.replace(/\s+/g, ' ').trim() }),
    ).toBeVisible();
    await expect(widget(page, 'Agent Leaderboard').getByRole('row')).toHaveCount(6);
    await expect(page.getByText(/^Last updated \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
    await context.setOffline(false);
  });
});
