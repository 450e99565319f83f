import type { Locator, Page } from '@playwright/test';
import type { AppPath } from './fixtures.ts';

/** A console list: where it is, who sees it, its table's name. */
export interface ConsoleList { name: string; as: string; path: AppPath; table: string }

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
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''}.${[...el.classList].join('.')}`;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p.tagName !== 'MAIN'; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    if (document.documentElement.scrollWidth > viewport) found.push(`document (${document.documentElement.scrollWidth} > ${viewport})`);
    for (const el of document.querySelectorAll('main *')) {
      const style = getComputedStyle(el);
      if (style.display === 'none') continue;
      if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        found.push(`${describe(el)} (scrolls: ${el.scrollWidth} > ${el.clientWidth})`);
      }
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > viewport + 1 && !clipped(el)) found.push(`${describe(el)} (right edge ${Math.round(box.right)} > ${viewport})`);
    }
    return found;
  });
}

/** The first data row's cell of the column the list is sorted by (the first column when none says so). */
export async function sortedCell(table: Locator): Promise<Locator> {
  const headers = await table.getByRole('columnheader').evaluateAll((hs) => hs.map((h) => h.getAttribute('aria-sort')));
  const index = Math.max(0, headers.findIndex((s) => s === 'ascending' || s === 'descending'));
  return table.getByRole('row').nth(1).getByRole('cell').nth(index);
}
