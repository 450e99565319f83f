import { describe, expect, it } from 'vitest';

import {
  hasNext,
  hasPrevious,
  initialPagination,
  nextPage,
  pageCount,
  pageIndexOf,
  perPageLabel,
  previousPage,
  rangeText,
  withRowsPerPage,
  type PaginationState,
} from '../../src/lib/pagination.ts';

const at = (page: number, rowsPerPage: number, totalItems: number): PaginationState => ({
  page,
  rowsPerPage,
  totalItems,
});

describe('pagination state', () => {
  it('starts at page 1 with 10 rows per page', () => {
    expect(initialPagination()).toEqual({ page: 1, rowsPerPage: 10, totalItems: 0 });
  });

  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [45, 20, 3],
    [80, 40, 2],
  ])('%s items at %s per page make %s pages', (total, rows, pages) => {
    expect(pageCount(at(1, rows, total))).toBe(pages);
  });

  it.each([
    // page, rows, total, after next, after previous
    [1, 10, 45, 2, 1],
    [5, 10, 45, 5, 4],
    [4, 10, 45, 5, 3],
    [1, 10, 0, 1, 1],
    [1, 10, 10, 1, 1],
  ])('on page %s of %s per page and %s items, next goes to %s and previous to %s', (page, rows, total, next, prev) => {
    expect(nextPage(at(page, rows, total)).page).toBe(next);
    expect(previousPage(at(page, rows, total)).page).toBe(prev);
    expect(hasNext(at(page, rows, total))).toBe(next !== page);
    expect(hasPrevious(at(page, rows, total))).toBe(prev !== page);
  });

  it('changing rows per page resets to page 1', () => {
    expect(withRowsPerPage(at(3, 10, 100), 40)).toEqual({ page: 1, rowsPerPage: 40, totalItems: 100 });
  });

  it('gives the zero-based page index for the API', () => {
    expect(pageIndexOf(at(3, 10, 100))).toBe(2);
  });
});

describe('pagination texts', () => {
  it.each([
    [1, 10, 45, 'agents', '1 - 10 of 45 agents'],
    [5, 10, 45, 'agents', '41 - 45 of 45 agents'],
    [2, 20, 45, 'referrals', '21 - 40 of 45 referrals'],
    [1, 10, 0, 'agents', '-'],
    [1, 10, 3, 'dnc', '1 - 3 of 3 DNC'],
    [1, 10, 3, 'qa', '1 - 3 of 3 QA'],
  ])('page %s of %s per page with %s %s reads "%s"', (page, rows, total, type, text) => {
    expect(rangeText(at(page, rows, total), type)).toBe(text);
  });

  it.each([
    ['agents', 'Agents per page:'],
    ['dnc', 'DNC per page:'],
    ['qa', 'QA per page:'],
    ['leads', 'Leads per page:'],
  ])('the label for %s is "%s"', (type, label) => {
    expect(perPageLabel(type)).toBe(label);
  });
});
