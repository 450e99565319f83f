import type { Page } from '@playwright/test';

import { expect, expectNoAxeViolations, signedIn, test } from './fixtures.ts';

// The charts can be read on a phone (412 px) as on a desktop: every label whole, nothing
// scrolling sideways, a column's value on a tap, and axe-clean.

test.describe.configure({ timeout: 120_000 });

/** Text elements (leaves) under `selector` that are cut: an ellipsis, or text wider than its box. */
async function cutLabels(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    (sel) =>
      [...document.querySelectorAll<HTMLElement>(sel)]
        .filter((e) => {
          const css = getComputedStyle(e);
          // Skipped: inline text (no box of its own), unseen sizers, and text kept for screen readers only (1 px).
          return (
            e.children.length === 0 &&
            e.textContent?.trim() &&
            css.display !== 'inline' &&
            css.visibility !== 'hidden' &&
            e.getBoundingClientRect().width > 1
          );
        })
        .filter(
          (e) =>
            e.textContent!.trim().endsWith('…') ||
            e.scrollWidth > e.clientWidth + 1 ||
            e.scrollHeight > e.clientHeight + 1,
        )
        .map((e) => `${e.textContent} (${e.scrollWidth}>${e.clientWidth})`),
    selector,
  );
}

/** The document, and every element in main, within the viewport's width. */
async function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out =
      document.documentElement.scrollWidth > width
        ? [`document ${document.documentElement.scrollWidth} > ${width}`]
        : [];
    for (const e of document.querySelectorAll('main *')) {
      const r = e.getBoundingClientRect();
      if (r.width > 0 && (r.right > width + 1 || r.left < -1))
        out.push(`${e.tagName}.${e.getAttribute('class') ?? ''} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    return out;
  });
}

test('My Metrics fits the screen: axis labels whole and apart, nothing sideways, a tap on a column shows its value, axe clean', async ({
  page,
  isMobile,
}) => {
  await signedIn(page, 'broker@demo.test', '/console/my-metrics');
  await expect(page.getByRole('img', { name: /^Referrals received per month\./ })).toBeVisible({ timeout: 20_000 });
  if (isMobile) expect(page.viewportSize()?.width).toBe(412);

  expect(await cutLabels(page, 'main figure *')).toEqual([]);
  expect(await sideways(page)).toEqual([]);
  // The month labels under each chart never touch: on a phone every 2nd is written, on a desktop all.
  const touching = await page.evaluate(() =>
    [...document.querySelectorAll('main figure')].flatMap((f) => {
      const axis = f.querySelector('[aria-hidden="true"]:last-child');
      const rects = [...(axis?.children ?? [])].map((c) => c.firstElementChild!.getBoundingClientRect());
      return rects
        .slice(1)
        .filter((r, i) => r.left < rects[i]!.right + 4)
        .map((r) => `${Math.round(r.left)}`);
    }),
  );
  expect(touching).toEqual([]);

  const volume = page.getByRole('region', { name: 'Closed volume' });
  await expect(volume.getByText('$0', { exact: true }).first()).toBeAttached(); // the value axis starts at $0
  const columns = volume
    .getByRole('group', { name: "Closed volume per month: each month's value" })
    .getByRole('button');
  await expect(columns).toHaveCount(12);
  const first = columns.first();
  if (isMobile) await first.tap();
  else await first.click();
  const tooltip = volume.getByRole('tooltip');
  await expect(tooltip).toHaveText((await first.getAttribute('aria-label'))!);
  expect(await sideways(page)).toEqual([]); // the tooltip stays inside the plot
  if (!isMobile) {
    await columns.nth(6).hover();
    await expect(tooltip).toHaveText((await columns.nth(6).getAttribute('aria-label'))!);
  }
  await expectNoAxeViolations(page);

  await volume.getByText('Show as table').click();
  await expect(volume.getByRole('table', { name: 'Closed volume per month' }).getByRole('row')).toHaveCount(13);
  expect(await sideways(page)).toEqual([]);
  await expectNoAxeViolations(page);
});

test("the overview's bar charts write their labels whole on the screen", async ({ page }) => {
  await signedIn(page, 'broker@demo.test', '/console');
  await expect(page.getByRole('img', { name: 'Leads by status (bar chart)', exact: true })).toBeVisible({
    timeout: 20_000,
  });
  const labels = 'main div:has(> svg[aria-label$="(bar chart)"]) + ul li > span';
  expect(await page.locator(labels).count()).toBeGreaterThan(10);
  // The charts below the first may still be laying out (a chart sizes its rows from its list once both
  // are on the page): the checks hold once the page has settled, polled rather than read once.
  await expect.poll(() => cutLabels(page, labels), { timeout: 10_000 }).toEqual([]);
  // A wrapped label stays within its bar's row (the rows grow with it), so it never runs into the next.
  const tall = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('main svg[aria-label$="(bar chart)"]')].flatMap((svg) => {
        const items = [...(svg.parentElement?.nextElementSibling?.children ?? [])];
        const row = svg.getBoundingClientRect().height / Math.max(1, items.length);
        return items
          .map((li) => li.firstElementChild!)
          .filter((e) => e.getBoundingClientRect().height > row + 1)
          .map((e) => e.textContent);
      }),
    );
  await expect.poll(tall, { timeout: 10_000 }).toEqual([]);
});
