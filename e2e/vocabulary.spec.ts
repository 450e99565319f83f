import type { Locator } from '@playwright/test';

import { expect, landingOf, test } from './fixtures.ts';

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

/** Codes a screen prints raw (WEB_FORM, IN_PRIORITY_NURTURE; not a {{TOKEN}} of a template) and fractions printed as such (0.9349). */
const RAW_ENUM = /(?<![{\w])[A-Z][A-Z0-9]*_[A-Z0-9_]+(?![\w}])/g;
const RAW_FRACTION = /(?<![\d.,$])0\.\d{3,}\b/g;
/** A text that is one upper-case code alone (VOICE, ACTIVE in a cell); the names written in capitals are allowed. */
const RAW_WORD = /^[A-Z]{4,}$/gm;
const CAPITALS = new Set(['IRIS', 'NMLS']);

/** The element's text once it has stopped changing: nothing busy in it and the same text over three reads 300 ms apart. */
async function settledText(el: Locator): Promise<string> {
  let last = '';
  let same = 0;
  await expect
    .poll(
      async () => {
        // Each text node on its own line (cells and options included), so that codes never run into their neighbours.
        const text =
          (await el.locator('[aria-busy="true"]').count()) > 0
            ? ''
            : await el.evaluate((root) => {
                const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
                const parts: string[] = [];
                for (let n = walker.nextNode(); n; n = walker.nextNode()) parts.push((n.textContent ?? '').trim());
                return parts.join('\n');
              });
        same = text !== '' && text === last ? same + 1 : 0;
        last = text;
        return same;
      },
      { timeout: 20_000, intervals: [300] },
    )
    .toBeGreaterThanOrEqual(2);
  return last;
}

for (const identity of ['broker@demo.test', 'lender@demo.test', 'admin@demo.test'] as const) {
  test(`exactly one drawer item is the current page on every page of ${identity}'s drawer, and none prints a raw code or fraction`, async ({
    page,
    signedIn,
  }) => {
    test.setTimeout(90_000);
    await signedIn(identity, landingOf(identity));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link').nth(1)).toBeVisible();
    const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    for (const href of hrefs) {
      await nav.locator(`a[href="${href}"]`).click();
      await page.waitForURL((url) => url.pathname === href);
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
      await expect(nav.locator('[aria-current="page"]')).toHaveAttribute('href', href);
      // Once the page has drawn (nothing busy, its text still for 600 ms), its text, options included, names values in words.
      const text = await settledText(page.getByRole('main'));
      const codes = [...(text.match(RAW_ENUM) ?? []), ...(text.match(RAW_WORD) ?? []).filter((w) => !CAPITALS.has(w))];
      expect({ href, codes, fractions: text.match(RAW_FRACTION) ?? [] }).toEqual({ href, codes: [], fractions: [] });
    }
  });
}

test("staff and the broker admin show the same agent's score the same way", async ({ page, signedIn }) => {
  await signedIn('broker@demo.test', '/console/my-agents');
  const first = page.getByRole('table').getByRole('link').first();
  await first.click();
  await page.waitForURL(/\/console\/my-agents\/view\/\d+/);
  const id = /view\/(\d+)/.exec(page.url())![1];
  const score = page.locator('dt', { hasText: /^Score$/ }).locator('xpath=following-sibling::dd[1]');
  const brokerScore = (await score.textContent())!;
  expect(brokerScore).toMatch(/^(\d{1,3}\.\d\d%|-)$/);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signedIn('admin@demo.test', `/console/agents/view/${id}`);
  await expect(score).toHaveText(brokerScore);
});
