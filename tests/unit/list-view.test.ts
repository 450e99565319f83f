import { describe, expect, it } from 'vitest';

import {
  listViewQuery,
  pageParams,
  readListView,
  readPage,
  writeListView,
  type ListSpec,
} from '../../src/lib/list-view.ts';

const SPEC: ListSpec<{ name: string; status: string }> = {
  filter: { name: '', status: '' },
  sort: { key: 'name', desc: false },
  sortKeys: ['name', 'created'],
  options: { status: ['ACTIVE', 'CLOSED'] },
};
const DEFAULT = { filter: { name: '', status: '' }, sort: { key: 'name', desc: false }, page: 1, rowsPerPage: 10 };

describe('reading a list view from the URL', () => {
  it.each([
    ['', DEFAULT],
    ['name=maple&status=ACTIVE', { ...DEFAULT, filter: { name: 'maple', status: 'ACTIVE' } }],
    [
      'sort=created,DESC&page=3&rows=40',
      { ...DEFAULT, sort: { key: 'created', desc: true }, page: 3, rowsPerPage: 40 },
    ],
    ['status=DELETED', DEFAULT],
    ['sort=password,ASC', DEFAULT],
    ['sort=created,UP', DEFAULT],
    // The older grammar of links and saved views made before one grammar: a bare key and `order`.
    ['sort=created', { ...DEFAULT, sort: { key: 'created', desc: false } }],
    ['sort=created&order=desc', { ...DEFAULT, sort: { key: 'created', desc: true } }],
    ['sort=password&order=desc', DEFAULT],
    ['page=0&rows=7', DEFAULT],
    ['page=-2&rows=abc', DEFAULT],
    ['page=2.5', DEFAULT],
    ['name=%20%20', DEFAULT],
    ['other=1&name=x', { ...DEFAULT, filter: { name: 'x', status: '' } }],
  ])('?%s', (search, view) => {
    expect(readListView(new URLSearchParams(search), SPEC)).toEqual(view);
  });

  it('takes an explicit empty value as "all" when the list filters by default', () => {
    const spec = { ...SPEC, filter: { name: '', status: 'ACTIVE' } };
    expect(readListView(new URLSearchParams(''), spec).filter.status).toBe('ACTIVE');
    expect(readListView(new URLSearchParams('status='), spec).filter.status).toBe('');
    expect(writeListView({ ...DEFAULT, filter: { name: '', status: '' } }, spec).toString()).toBe('status=');
    expect(writeListView({ ...DEFAULT, filter: { name: '', status: 'ACTIVE' } }, spec).toString()).toBe('');
  });
});

describe('reading a page and page size from the URL', () => {
  it('names the parameters plainly, or after a prefix', () => {
    expect(pageParams()).toEqual({ page: 'page', rows: 'rows' });
    expect(pageParams('decision')).toEqual({ page: 'decisionPage', rows: 'decisionRows' });
  });

  it('reads its own prefix only, each value checked', () => {
    const query = new URLSearchParams(
      'page=4&rows=20&decisionPage=3&decisionRows=40&candidatesPage=0&candidatesRows=7',
    );
    expect(readPage(query, {})).toEqual({ page: 4, rowsPerPage: 20 });
    expect(readPage(query, {}, 'decision')).toEqual({ page: 3, rowsPerPage: 40 });
    expect(readPage(query, {}, 'candidates')).toEqual({ page: 1, rowsPerPage: 10 });
    expect(readPage(query, { rowsPerPage: 20, rowsPerPageOptions: [20, 50] }, 'decision')).toEqual({
      page: 3,
      rowsPerPage: 20,
    });
  });
});

describe('writing a list view to the URL', () => {
  it('writes the older grammar over in the one grammar', () => {
    const view = readListView(new URLSearchParams('status=CLOSED&sort=created&order=desc&page=2'), SPEC);
    expect(writeListView(view, SPEC, new URLSearchParams('sort=created&order=desc')).toString()).toBe(
      'sort=created%2CDESC&status=CLOSED&page=2',
    );
    expect(listViewQuery(view, SPEC)).toBe('sort=created%2CDESC&status=CLOSED');
  });

  it('leaves the defaults out and keeps parameters the list does not own', () => {
    expect(writeListView(DEFAULT, SPEC, new URLSearchParams('lead=4&page=3')).toString()).toBe('lead=4');
    const view = {
      filter: { name: 'a b', status: 'CLOSED' },
      sort: { key: 'created', desc: true },
      page: 2,
      rowsPerPage: 20,
    };
    const written = writeListView(view, SPEC);
    expect(written.toString()).toBe('name=a+b&status=CLOSED&sort=created%2CDESC&page=2&rows=20');
    expect(readListView(written, SPEC)).toEqual(view);
  });
});
