import type { Locator, Page } from '@playwright/test';

import { expect as baseExpect, expectNoAxeViolations, listFilters, listTotal, signedIn, test } from './fixtures.ts';

// Every link of the broker admin's overview lands on a list whose total is the number the
// widget shows, on a desktop and on a phone. Per widget and per tab the widget offers: Overall Totals (with
// the overdue tile), the Sales Funnel's Overall, Seller and Buyer steps (Rental has none), Referral
// Progression's stages, Leads by Status, Responded Leads Status and Lead Progression per lead type, and the
// overdue widget's View All. broker@demo.test has no product selector (docs/spec/DECISIONS.md); the API proof
// (tests/api/dashboard-links-totals.test.ts) covers every product. axe-core once on each list.

// This machine runs several suites at once: screens can take far longer than the 5 s default to settle.
const expect = baseExpect.configure({ timeout: 30_000 });
// Each link is a round trip through the overview; on a loaded machine a widget's links take minutes.
test.describe.configure({ timeout: 600_000 });
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });

const widget = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const toNumber = (s: string | undefined) => Number((s ?? 'NaN').replace(/,/g, ''));

/**
 * The figure a linked row shows: the number beside the link (a bar's value; a pie legend's "count · share"),
 * or, for a tile whose link holds its figure ("Active 1,234"), the link's last number.
 */
async function figureOf(row: Locator, link: Locator): Promise<number> {
  const linkText = ((await link.textContent()) ?? '').trim();
  const rest = ((await row.textContent()) ?? '').replace(linkText, '').trim();
  return rest ? toNumber(/[\d,]+/.exec(rest)?.[0]) : toNumber(/([\d,]+)\s*$/.exec(linkText)?.[1]);
}

interface Target {
  pager: string;
  path: RegExp;
}
const REFERRALS: Target = { pager: 'Referrals pages', path: /\/console\/my-referrals\?/ };
const LEADS: Target = { pager: 'Leads pages', path: /\/console\/my-leads\?/ };

/**
 * Follows every linked row of a list on the overview: `open` brings the overview back to the state showing it
 * (a tab chosen) and answers the list; each row's link is clicked, the list's total compared with the row's
 * figure, and the browser goes back. Answers every linked row's label and figure.
 */
async function followEach(page: Page, open: () => Promise<Locator>, to: Target, axe: { done: boolean }) {
  const rows = () => open().then((list) => list.getByRole('listitem').filter({ has: page.getByRole('link') }));
  const count = await (await rows()).count();
  const seen: { label: string; figure: number }[] = [];
  // Every row on a desktop; on a phone the first and the last of each list, which prove the phone's widgets and
  // cards link the same way for a third of the time (decision 0118). The API test covers every row and product.
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  const follow = (i: number) => !phone || i === 0 || i === count - 1;
  for (let i = 0; i < count; i++) {
    if (!follow(i)) {
      const row = (await rows()).nth(i);
      const link = row.getByRole('link');
      seen.push({ label: ((await link.textContent()) ?? '').trim(), figure: await figureOf(row, link) });
      continue;
    }
    let label = '';
    let figure = NaN;
    let total = NaN;
    // The figures move while the suite runs (the clock makes referrals overdue; other tests move referrals on
    // the same server): a figure and its list agree when read at one moment. On a difference the overview is
    // refreshed and the pair read again, twice at most; a list that disagrees with a fresh figure fails.
    for (let attempt = 0; attempt < 3 && total !== figure; attempt++) {
      if (attempt > 0) {
        await page.goBack();
        const refetched = page.waitForResponse(
          (r) => /stats|Stats|Count/.test(r.url()) && r.request().method() === 'GET',
        );
        await page.getByRole('button', { name: 'Refresh' }).click();
        await refetched;
      }
      const row = (await rows()).nth(i);
      const link = row.getByRole('link');
      label = ((await link.textContent()) ?? '').trim();
      figure = await figureOf(row, link);
      expect(Number.isNaN(figure), `a figure beside "${label}"`).toBe(false);
      await link.click();
      await expect(page).toHaveURL(to.path);
      total = await listTotal(page, to.pager);
    }
    expect(total, `${label} (${page.url()})`).toBe(figure);
    if (!axe.done) {
      await expectNoAxeViolations(page);
      axe.done = true;
    }
    seen.push({ label, figure });
    await page.goBack();
  }
  return seen;
}

/** Chooses a widget's tab (the overview keeps no tab across a visit to a list) and answers its list. */
async function tabList(page: Page, region: string, tab: string | null, list: string): Promise<Locator> {
  const card = widget(page, region);
  if (tab) await card.getByRole('tab', { name: tab, exact: true }).click();
  const l = card.getByRole('list', { name: list, exact: true });
  await expect(l).toBeVisible();
  return l;
}

test('the overall totals and the overdue tile equal the totals of the lists they open', async ({ page }) => {
  await signedIn(page, 'broker@demo.test', '/console');
  const totals = await followEach(page, () => tabList(page, 'Overall Totals', null, 'Referral totals'), REFERRALS, {
    done: false,
  });
  expect(totals.map((t) => t.label.replace(/\s*[\d,]+$/, ''))).toEqual([
    'Total Referrals',
    'Active',
    'Closed',
    'Removed',
    'Overdue for Follow-Up',
  ]);
  expect(totals.find((t) => t.label.startsWith('Overdue'))!.figure).toBeGreaterThan(0);
});

test('every step of the overall, seller and buyer sales funnels equals the total of the list it opens', async ({
  page,
}) => {
  await signedIn(page, 'broker@demo.test', '/console');
  const steps: Record<string, number> = {};
  for (const tab of ['Overall', 'Seller', 'Buyer']) {
    steps[tab] = (
      await followEach(page, () => tabList(page, 'Sales Funnel', tab, `${tab} sales funnel`), REFERRALS, { done: true })
    ).length;
  }
  expect(steps).toEqual({ Overall: 9, Seller: 9, Buyer: 8 });
  // Rentals have no type filter on My Referrals: their steps lead nowhere (and so promise no list).
  await expect((await tabList(page, 'Sales Funnel', 'Rental', 'Rental sales funnel')).getByRole('link')).toHaveCount(0);
});

test('every referral progression stage equals the total of the list it opens', async ({ page }) => {
  await signedIn(page, 'broker@demo.test', '/console');
  const seen = await followEach(
    page,
    () => tabList(page, 'Referral Progression', null, 'Referrals by stage'),
    REFERRALS,
    { done: true },
  );
  // Closed counts Leased too (as my-referrals?s=CLOSED does), so Leased has no bar of its own.
  expect(seen.map((s) => s.label)).toEqual([
    'Received',
    'Spoken With',
    'Met or Showed Homes',
    'Met With Seller',
    'Made Offer',
    'Listed Home',
    'Under Contract',
    'Closed',
    'Long-Term Hold',
    'Removed',
  ]);
  expect(seen.find((s) => s.label === 'Closed')!.figure).toBeGreaterThan(0);
});

test('every leads-by-status bar equals the total of My Leads it opens', async ({ page }) => {
  await signedIn(page, 'broker@demo.test', '/console');
  const statuses = await followEach(page, () => tabList(page, 'Leads by Status', null, 'Leads by status'), LEADS, {
    done: false,
  });
  expect(statuses.length).toBeGreaterThan(5);
});

test('every responded-leads share of each lead type equals the total of My Leads it opens', async ({ page }) => {
  await signedIn(page, 'broker@demo.test', '/console');
  for (const tab of ['Overall Leads', 'New Leads', 'Database Leads']) {
    const groups = await followEach(
      page,
      () => tabList(page, 'Responded Leads Status', tab, `${tab}: share by status`),
      LEADS,
      { done: true },
    );
    expect(groups.map((g) => g.label)).toEqual([
      'Previous Interest',
      'Unserviceable',
      'Future Interest',
      'Contact Established',
      'Transfer Incomplete',
      'No Agent Accepted',
    ]);
  }
});

test('lead progression’s Assigned and Closed steps of each lead type equal the totals of My Leads they open', async ({
  page,
}) => {
  await signedIn(page, 'broker@demo.test', '/console');
  for (const tab of ['Overall Leads', 'New Leads', 'Database Leads']) {
    const steps = await followEach(page, () => tabList(page, 'Lead Progression', tab, `${tab} progression`), LEADS, {
      done: true,
    });
    expect(steps.map((s) => s.label)).toEqual(['Assigned', 'Closed']);
    expect(steps[0]!.figure).toBeGreaterThanOrEqual(steps[1]!.figure);
    expect(steps[0]!.figure).toBeGreaterThan(0);
  }
});

test('the overdue widget’s View All {n} Agents opens My Agents by overdue with n agents, whatever their status', async ({
  page,
}) => {
  await signedIn(page, 'broker@demo.test', '/console');
  const link = widget(page, 'Agents with Overdue Referrals').getByRole('link', { name: /^View All [\d,]+ Agents$/ });
  const n = toNumber(/View All ([\d,]+)/.exec((await link.textContent()) ?? '')?.[1]);
  expect(n).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/console\/my-agents\?sort=overdue,DESC$/);
  await expect.poll(() => listTotal(page, 'Agents pages')).toBe(n);
  await expectNoAxeViolations(page);
  await expect((await listFilters(page)).getByRole('combobox', { name: 'Status' })).toHaveValue('');
});
