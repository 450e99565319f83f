import { expect as baseExpect, expectNoAxeViolations, listFilters, listTotal, test } from './fixtures.ts';

// Desktop and phone: each figure of a CSR's overview opens the DNC List with the filter it counts, and the
// list's total ("1 - 40 of N DNC") equals the figure; axe-core finds nothing on the overview or on either
// list. The component test (tests/components/staff-overview-figures.test.tsx) holds the same in jsdom.

// Several suites share this machine: screens can take longer than the 5 s default to settle.
const expect = baseExpect.configure({ timeout: 30_000 });

const FIGURES = [
  { label: 'Contacts on the list', url: /\/console\/dnc-list$/, blocked: false },
  { label: 'Inbound blocked', url: /\/console\/dnc-list\?blocked=true$/, blocked: true },
] as const;

test("each figure of a CSR's overview opens the DNC List with a total equal to it", async ({
  page,
  login,
  navigate,
}) => {
  test.setTimeout(120_000);
  await login('csr@demo.test');
  await expect(page).toHaveURL(/\/console$/);
  let overviewChecked = false;
  for (const { label, url, blocked } of FIGURES) {
    if (overviewChecked) await navigate('/console');
    // The link's name is "<label>: <figure>" once the count is in ("<label>: loading" before).
    const link = page.getByRole('link', { name: new RegExp(`^${label}: [\\d,]+$`) });
    await expect(link).toBeVisible();
    const figure = Number(/: ([\d,]+)$/.exec((await link.getAttribute('aria-label')) ?? '')![1]!.replace(/,/g, ''));
    expect(figure, label).toBeGreaterThan(0);
    if (!overviewChecked) {
      await expectNoAxeViolations(page);
      overviewChecked = true;
    }
    await link.click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('table', { name: 'DNC List' })).toBeVisible();
    await expect.poll(() => listTotal(page, 'DNC pages'), { message: `${label} ${figure}` }).toBe(figure);
    await expectNoAxeViolations(page);
    // The filter the figure counts is the one shown (on a phone, in the Filters sheet).
    const filters = await listFilters(page);
    await expect(filters.getByRole('switch', { name: 'Show Only Inbound Blocked' })).toHaveAttribute(
      'aria-checked',
      String(blocked),
    );
    const done = filters.getByRole('button', { name: 'Done' });
    if ((await done.count()) > 0) await done.click();
  }
});
