// A list screen's view (filters, sort, page, page size) read from and written to the URL's query, so a
// link reproduces what the user sees. Values equal to the list's defaults stay out of the URL, unknown
// or malformed values fall back to the defaults, and parameters the list does not own are kept.

import { DEFAULT_ROWS_PER_PAGE, ROWS_PER_PAGE_OPTIONS } from './pagination.ts';

export interface ListSort {
  key: string;
  desc: boolean;
}

/** What one list shows: its filter values (text, '' for none), sort, 1-based page and page size. */
export interface ListView<F extends Record<string, string>> {
  filter: F;
  sort: ListSort;
  page: number;
  rowsPerPage: number;
}

/** A list's defaults and the values its URL may carry. */
export interface ListSpec<F extends Record<string, string>> {
  /** Every filter with its default value ('' for "all"); the keys are the URL parameter names. */
  filter: F;
  sort: ListSort;
  rowsPerPage?: number;
  /** The sort keys the server takes; another key in the URL falls back to the default sort. */
  sortKeys?: readonly string[];
  /** The values a filter may take (a select's options); another value falls back to the default. */
  options?: { readonly [K in keyof F]?: readonly string[] };
  rowsPerPageOptions?: readonly number[];
}

/** URL parameters the list scaffold owns; a filter must not use these names. */
export const LIST_PARAMS = { sort: 'sort', page: 'page', rows: 'rows' } as const;

const sortText = (s: ListSort) => `${s.key},${s.desc ? 'DESC' : 'ASC'}`;

/**
 * The older grammar (`sort=key&order=asc|desc`), which links and saved views made before one grammar
 * still carry, reads as `sort=key,ASC|DESC`; writing a view drops `order`.
 */
const LEGACY_ORDER = 'order';

function readSort(value: string | null, spec: ListSpec<Record<string, string>>, order: string | null): ListSort {
  const legacy = value && /^[\w.]+$/.test(value) ? `${value},${order === 'desc' ? 'DESC' : 'ASC'}` : value;
  const m = legacy ? /^([\w.]+),(ASC|DESC)$/.exec(legacy) : null;
  if (!m) return spec.sort;
  const key = m[1]!;
  if (spec.sortKeys && !spec.sortKeys.includes(key)) return spec.sort;
  return { key, desc: m[2] === 'DESC' };
}

function readPositive(value: string | null): number | undefined {
  if (!value || !/^[1-9]\d{0,5}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * The URL parameter names of a list's page and page size: `page` and `rows`, or `<prefix>Page` and
 * `<prefix>Rows` for each of several paged tables one screen shows at once.
 */
export const pageParams = (prefix = ''): { page: string; rows: string } =>
  prefix ? { page: `${prefix}Page`, rows: `${prefix}Rows` } : { page: LIST_PARAMS.page, rows: LIST_PARAMS.rows };

/** The 1-based page and the page size a URL query asks for (under `pageParams(prefix)`), each checked. */
export function readPage(
  query: URLSearchParams,
  spec: Pick<ListSpec<Record<string, string>>, 'rowsPerPage' | 'rowsPerPageOptions'>,
  prefix = '',
): Pick<ListView<Record<string, string>>, 'page' | 'rowsPerPage'> {
  const names = pageParams(prefix);
  const sizes = spec.rowsPerPageOptions ?? ROWS_PER_PAGE_OPTIONS;
  const rows = readPositive(query.get(names.rows));
  return {
    page: readPositive(query.get(names.page)) ?? 1,
    rowsPerPage: rows !== undefined && sizes.includes(rows) ? rows : (spec.rowsPerPage ?? DEFAULT_ROWS_PER_PAGE),
  };
}

/** The view a URL query asks for, every value checked against the spec. */
export function readListView<F extends Record<string, string>>(query: URLSearchParams, spec: ListSpec<F>): ListView<F> {
  const filter = { ...spec.filter };
  for (const key of Object.keys(spec.filter) as (keyof F & string)[]) {
    const value = query.get(key)?.trim();
    if (value === undefined) continue;
    const allowed = spec.options?.[key];
    if (value !== '' && allowed && !allowed.includes(value)) continue;
    filter[key] = value as F[typeof key];
  }
  return {
    filter,
    sort: readSort(
      query.get(LIST_PARAMS.sort),
      spec as unknown as ListSpec<Record<string, string>>,
      query.get(LEGACY_ORDER),
    ),
    ...readPage(query, spec),
  };
}

/** The URL query for a view: `base` with the list's parameters replaced, defaults left out. */
export function writeListView<F extends Record<string, string>>(
  view: ListView<F>,
  spec: ListSpec<F>,
  base = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(base);
  const set = (name: string, value: string | undefined) => {
    if (value) next.set(name, value);
    else next.delete(name);
  };
  for (const key of Object.keys(spec.filter)) {
    // An empty value is written only when it is not the default ("all" on a list that filters by default).
    const value = view.filter[key]?.trim() ?? '';
    if (value === spec.filter[key]) next.delete(key);
    else next.set(key, value);
  }
  set(LIST_PARAMS.sort, sortText(view.sort) === sortText(spec.sort) ? undefined : sortText(view.sort));
  next.delete(LEGACY_ORDER);
  set(LIST_PARAMS.page, view.page > 1 ? String(view.page) : undefined);
  set(
    LIST_PARAMS.rows,
    view.rowsPerPage === (spec.rowsPerPage ?? DEFAULT_ROWS_PER_PAGE) ? undefined : String(view.rowsPerPage),
  );
  return next;
}

/** A view's filters and sort as a query string, defaults left out, names in order: what a saved view keeps. */
export function listViewQuery<F extends Record<string, string>>(view: ListView<F>, spec: ListSpec<F>): string {
  const q = writeListView({ ...view, page: 1, rowsPerPage: spec.rowsPerPage ?? DEFAULT_ROWS_PER_PAGE }, spec);
  q.sort();
  return q.toString();
}
