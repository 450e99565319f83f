import type { Browser, Page } from '@playwright/test';

import { expect as baseExpect, navigate, signedIn, test, type AppPath } from './fixtures.ts';
import { brokenWords, sidewaysOverflow } from './list-overflow.ts';

// Every console page, in every role, at 1024, 1280 and 1440 px (desktop project) and at 412 px
// (phone): no sideways scroll and no short word broken inside, with a note of one unbroken
// 4,000-character word (the limit) saved and 6,000 characters typed into a note field on screen.
// One browser context per role: each signs in once and walks its pages, resizing without reloading.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 600_000 });

/** A page to check, or a list whose first row's link opens a record page to check as well. */
interface Stop {
  path: AppPath;
  open?: string;
}

const ROLES: { as: string; host?: 'agent'; stops: Stop[] }[] = [
  {
    as: 'broker@demo.test',
    stops: [
      { path: '/console' },
      { path: '/console/my-agents', open: 'Agents' },
      { path: '/console/my-agents/invitations' },
      { path: '/console/my-referrals', open: 'Referrals' },
      { path: '/console/my-leads', open: 'Leads' },
      { path: '/console/my-notifications' },
      { path: '/console/my-announcements' },
      { path: '/console/my-admins' },
      { path: '/console/my-metrics' },
      { path: '/console/marketplace' },
      { path: '/console/settings/email' },
      { path: '/console/lender-referrals' },
      { path: '/console/my-loan-officers' },
      { path: '/console/announcements' },
    ],
  },
  {
    as: 'lender@demo.test',
    stops: [
      { path: '/console' },
      { path: '/console/my-loan-officers', open: 'Loan officers' },
      { path: '/console/lender-referrals', open: 'Lender referrals' },
      { path: '/console/lenders' },
    ],
  },
  {
    as: 'admin@demo.test',
    stops: [
      { path: '/console/brokerages', open: 'Brokerages' },
      { path: '/console/agents', open: 'Agents' },
      { path: '/console/lenders', open: 'Loan offices' },
      { path: '/console/opportunities', open: 'Opportunities' },
      { path: '/console/user-management', open: 'Users' },
      { path: '/console/supplier-management' },
      { path: '/console/qa-review' },
      { path: '/console/announcements' },
      { path: '/console/agent-assignments' },
      { path: '/console/simulator' },
      { path: '/console/content-search' },
      { path: '/console/twilio-tasks' },
      { path: '/console/bulk-sms-send' },
      { path: '/console/dnc-list' },
      { path: '/console/impersonation-audit' },
      { path: '/console/my-notifications' },
      { path: '/console/dashboard' },
    ],
  },
  {
    as: '(555) 010-0001',
    host: 'agent',
    stops: [
      { path: '/console/agent-followups', open: 'Follow-ups' },
      { path: '/console/agent-funnel' },
      { path: '/console/agent-profile' },
      { path: '/console/agent-announcements' },
      { path: '/console/agent-followups/sync' },
    ],
  },
];

/**
 * Known and left, each with its reason (the lead decides): a problem on this list does not fail the
 * walk; any other does. A pattern matches the start of a problem line.
 */
const KNOWN: { problem: RegExp; why: string }[] = [
  {
    problem: /^\/console\/dnc-list @1024: broken /,
    why: "the spec's eight columns with an address per row fit 720 px only by breaking words inside (DataTable breakWithin), rather than scroll",
  },
  {
    problem: /^\/console @412: sideways div\._/,
    why: 'the Agent Leaderboard and Leads by Source widgets keep their tables on a phone and scroll inside their card; the page does not',
  },
  {
    problem: /^\/console\/bulk-sms-send @412: broken "\{firstName\|there\}!"/,
    why: "a message template token in a past send's card: one token wider than its half of the card",
  },
];
const known = (line: string) => KNOWN.some((k) => k.problem.test(line));

const LONG_NOTE = 'x'.repeat(4000);
const LONGER_DRAFT = 'y'.repeat(6000);

/** Waits until nothing on the page says it is loading (a table busy, a skeleton, a spinner). */
async function settled(page: Page) {
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('[aria-busy="true"], [role="progressbar"]')).toHaveCount(0);
}

/** What overflows or breaks on the page at each width, as lines naming the page and width. */
async function check(page: Page, where: string, widths: number[]): Promise<string[]> {
  const problems: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    for (const p of await sidewaysOverflow(page)) problems.push(`${where} @${width}: sideways ${p}`);
    for (const p of await brokenWords(page)) problems.push(`${where} @${width}: broken ${p}`);
  }
  return problems;
}

/** The broker's agent gets a note of one 4,000-character word, and 6,000 more characters wait in the note field. */
async function longNotes(page: Page): Promise<string> {
  await navigate(page, '/console/my-agents');
  await page.getByRole('table', { name: 'Agents' }).getByRole('row').nth(1).getByRole('link').first().click();
  await page.getByRole('tab', { name: 'Notes' }).click();
  const field = page.getByRole('textbox', { name: 'Note' });
  await field.fill(LONG_NOTE);
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByText(LONG_NOTE).first()).toBeVisible();
  await field.fill(LONGER_DRAFT);
  return new URL(page.url()).pathname;
}

/** The admin impersonates Harbor Point Realty and stops: the Impersonation audit then has rows to lay out. */
async function impersonateOnce(page: Page) {
  await navigate(page, '/console/brokerages');
  await page.getByRole('table', { name: 'Brokerages' }).getByRole('link', { name: 'Harbor Point Realty' }).click();
  await page.getByRole('button', { name: 'Impersonate' }).click();
  await page
    .getByRole('dialog', { name: 'Impersonate Harbor Point Realty' })
    .getByRole('button', { name: 'Impersonate' })
    .click();
  const banner = page.getByRole('region', { name: 'Impersonation' });
  await expect(banner).toBeVisible();
  await settled(page);
  await banner.getByRole('button', { name: 'Close' }).click();
  await page
    .getByRole('dialog', { name: 'Stop Impersonating' })
    .getByRole('button', { name: 'Stop Impersonating' })
    .click();
  await expect(banner).toBeHidden();
}

async function walk(
  browser: Browser,
  role: (typeof ROLES)[number],
  widths: number[],
  phone: boolean,
): Promise<string[]> {
  const context = await browser.newContext(
    phone
      ? { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 900 } },
  );
  const page = await context.newPage();
  const problems: string[] = [];
  try {
    await signedIn(page, role.as, role.stops[0]!.path);
    const host = role.host ? { host: role.host } : {};
    if (role.as === 'broker@demo.test') {
      const agentPage = await longNotes(page);
      problems.push(...(await check(page, `${agentPage} (long note)`, widths)));
    }
    if (role.as === 'admin@demo.test') await impersonateOnce(page);
    for (const stop of role.stops) {
      await navigate(page, stop.path, host);
      problems.push(...(await check(page, stop.path, widths)));
      if (!stop.open) continue;
      const link = page
        .getByRole('table', { name: stop.open, exact: true })
        .getByRole('row')
        .nth(1)
        .getByRole('link')
        .first()
        .or(page.getByRole('list', { name: stop.open }).getByRole('link').first())
        .first();
      if ((await link.count()) === 0) continue;
      await link.click();
      await settled(page);
      problems.push(...(await check(page, `${new URL(page.url()).pathname} (from ${stop.path})`, widths)));
    }
  } finally {
    await context.close();
  }
  return problems;
}

for (const role of ROLES) {
  test(`every page of ${role.as} fits without a sideways scroll or a word broken inside`, async ({
    browser,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    const problems = await walk(browser, role, phone ? [412] : [1024, 1280, 1440], phone);
    expect(problems.filter((p) => !known(p))).toEqual([]);
  });
}
