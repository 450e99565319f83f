import type { Locator, Page } from '@playwright/test';

import type { AppPath } from './fixtures.ts';

/** A console list: where it is, who sees it, its table's name. */
export interface ConsoleList {
  name: string;
  as: string;
  path: AppPath;
  table: string;
}

export const BROKER_LISTS: ConsoleList[] = [
  { name: 'My Agents', as: 'broker@demo.test', path: '/console/my-agents', table: 'Agents' },
  { name: 'My Referrals', as: 'broker@demo.test', path: '/console/my-referrals', table: 'Referrals' },
  { name: 'My Leads', as: 'broker@demo.test', path: '/console/my-leads', table: 'Leads' },
  { name: 'Pending Invitations', as: 'broker@demo.test', path: '/console/my-agents/invitations', table: 'Invitations' },
];
export const LENDER_LISTS: ConsoleList[] = [
  { name: 'My Loan Officers', as: 'lender@demo.test', path: '/console/my-loan-officers', table: 'Loan officers' },
  { name: 'Lender Referrals', as: 'lender@demo.test', path: '/console/lender-referrals', table: 'Lender referrals' },
];
export const STAFF_LISTS: ConsoleList[] = [
  { name: 'Brokers', as: 'admin@demo.test', path: '/console/brokerages', table: 'Brokerages' },
  { name: 'Agents', as: 'admin@demo.test', path: '/console/agents', table: 'Agents' },
  { name: 'Lenders', as: 'admin@demo.test', path: '/console/lenders', table: 'Loan offices' },
  { name: 'Opportunities', as: 'admin@demo.test', path: '/console/opportunities', table: 'Opportunities' },
  { name: 'User Management', as: 'admin@demo.test', path: '/console/user-management', table: 'Users' },
  { name: 'DNC List', as: 'admin@demo.test', path: '/console/dnc-list', table: 'DNC List' },
];

/**
 * What inside `main` reaches past the viewport's right edge or scrolls sideways: an element that
 * scrolls (overflow auto or scroll) with more content than width, or one whose box ends past the
 * viewport outside any clipping container. Each as "tag.class (why)".
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const found: string[] = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''}.${[...el.classList].join('.')}`;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p.tagName !== 'MAIN'; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    if (document.documentElement.scrollWidth > viewport)
      found.push(`document (${document.documentElement.scrollWidth} > ${viewport})`);
    for (const el of document.querySelectorAll('main *')) {
      const style = getComputedStyle(el);
      if (style.display === 'none') continue;
      if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        found.push(`${describe(el)} (scrolls: ${el.scrollWidth} > ${el.clientWidth})`);
      }
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > viewport + 1 && !clipped(el))
        found.push(`${describe(el)} (right edge ${Math.round(box.right)} > ${viewport})`);
    }
    return found;
  });
}

/** The first data row's cell of the column the list is sorted by (the first column when none says so). */
export async function sortedCell(table: Locator): Promise<Locator> {
  const headers = await table.getByRole('columnheader').evaluateAll((hs) => hs.map((h) => h.getAttribute('aria-sort')));
  const index = Math.max(
    0,
    headers.findIndex((s) => s === 'ascending' || s === 'descending'),
  );
  return table.getByRole('row').nth(1).getByRole('cell').nth(index);
}

/** A word at most this wide never needs to break: a name, a status, a type ("Scarlett", "Seller"). */
export const UNBREAKABLE_WORD_PX = 160;

/**
 * Words inside `main` (and open dialogs) that the layout broke across lines though each is at most
 * UNBREAKABLE_WORD_PX wide: a column or box squeezed below a short word's width. Longer runs (an
 * email, a link, a 6,000-character note) may break. Each as "word in tag[label] (width)".
 */
export async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate((limit) => {
    const found: string[] = [];
    const range = document.createRange();
    for (const root of document.querySelectorAll('main, [role="dialog"]')) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
        const el = n.parentElement;
        if (!el || el.closest('textarea, input, select, svg, [aria-hidden="true"], .visually-hidden')) continue;
        // Runs between the places a line may break anyway (spaces, hyphens, slashes, @ and dots of an address).
        for (const m of n.data.matchAll(/[^\s\-–—/@.,:;·()]{2,}/g)) {
          range.setStart(n, m.index);
          range.setEnd(n, m.index + m[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
          if (new Set(rects.map((r) => Math.round(r.top))).size < 2) continue;
          const width = rects.reduce((sum, r) => sum + r.width, 0);
          if (width > limit) continue;
          const label = el.closest('[aria-label]')?.getAttribute('aria-label') ?? '';
          found.push(`"${m[0]}" in ${el.tagName.toLowerCase()}${label ? `[${label}]` : ''} (${Math.round(width)} px)`);
        }
      }
    }
    return found;
  }, UNBREAKABLE_WORD_PX);
}
