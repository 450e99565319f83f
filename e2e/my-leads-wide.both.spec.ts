import { expect as baseExpect, expectNoAxeViolations, navigate, signedIn, test } from './fixtures.ts';
import { brokenWords, sidewaysOverflow } from './list-overflow.ts';

// My Leads: across the main area at 1280 px with no word broken inside, and a lead view to act
// from (a tel: and a mailto: link, the referral); on a phone the number is a tel: link too.

const expect = baseExpect.configure({ timeout: 30_000 });

test('My Leads fills the main area with no word broken inside, and a lead opens with its call link', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await signedIn(page, 'broker@demo.test', '/console/my-leads');
  const table = page.getByRole('table', { name: 'Leads' });
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  if (!phone) {
    const { list, main } = await page.evaluate(() => {
      const m = document.querySelector('main')!;
      const style = getComputedStyle(m);
      const inner = m.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { list: document.querySelector('table[aria-label="Leads"]')!.getBoundingClientRect().width, main: inner };
    });
    // The card's own padding aside, the list takes the main area's width (it took 492 of 992 px).
    expect(list).toBeGreaterThan(main * 0.9);
  }
  expect(await sidewaysOverflow(page)).toEqual([]);
  expect(await brokenWords(page)).toEqual([]);

  // A lead with a phone number: its view has the number as a tel: link and a Call button.
  await navigate(page, '/console/my-leads?q=555');
  const first = table.getByRole('row').nth(1).getByRole('link').first();
  const name = (await first.textContent())!.trim();
  await first.click();
  const view = page.getByRole('dialog', { name });
  await expect(view.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expect(view.getByRole('link', { name: 'Call' })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
  await expect(view.getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toHaveAttribute('href', /^tel:/);
  await expect(view.getByRole('textbox')).toHaveCount(0);
  expect(await brokenWords(page)).toEqual([]);
  await expectNoAxeViolations(page);
});
