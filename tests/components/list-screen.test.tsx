import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Column } from '../../src/ui/data-table.tsx';
import { useUrlListState } from '../../src/ui/use-list-state.ts';
import { defineList, ListScreen } from '../../src/widgets/list-screen.tsx';

// The list scaffold on its own: 45 fruits filtered, sorted and paged in memory from `list.params`,
// the way an API module's list call takes them, so each assertion is about the URL round trip.

interface Fruit {
  id: number;
  name: string;
  colour: 'RED' | 'GREEN';
}
const FRUITS: Fruit[] = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  name: `Fruit ${String(i + 1).padStart(2, '0')}`,
  colour: i % 3 === 0 ? 'GREEN' : 'RED',
}));

const LIST = defineList({
  sort: { key: 'name', desc: false },
  sortKeys: ['name'],
  search: { key: 'q', placeholder: 'Fruit name' },
  filters: [
    {
      key: 'colour',
      label: 'Colour',
      all: 'All colours',
      options: [
        { value: 'RED', label: 'Red' },
        { value: 'GREEN', label: 'Green' },
      ],
    },
  ],
});
const COLUMNS: Column<Fruit>[] = [
  { key: 'name', header: 'Name', sortKey: 'name', cell: (f) => f.name },
  { key: 'colour', header: 'Colour', cell: (f) => f.colour },
];

function FruitsScreen({ load }: { load: (filter: { q: string; colour: string }) => Promise<string> }) {
  const list = useUrlListState(LIST.spec);
  const p = list.params;
  const matching = FRUITS.filter(
    (f) => f.name.toLowerCase().includes(p.q.toLowerCase()) && (!p.colour || f.colour === p.colour),
  ).sort((a, b) => (p.sort.desc ? -1 : 1) * a.name.localeCompare(b.name));
  const data = {
    content: matching.slice(p.pageIndex * p.pageSize, (p.pageIndex + 1) * p.pageSize),
    totalElements: matching.length,
  };
  return (
    <ListScreen
      title="Fruits"
      definition={LIST}
      list={list}
      query={{ data, isPending: false, isError: false }}
      columns={COLUMNS}
      rowKey={(f) => f.id}
      label="Fruits"
      rowsType="fruits"
      empty="No fruits found."
      exportAs={{ name: 'fruits', load }}
    />
  );
}

function open(url: string) {
  window.history.replaceState(null, '', url);
  const load = vi.fn((_filter: { q: string; colour: string }) => Promise.resolve('name\n'));
  render(<FruitsScreen load={load} />);
  return { user: userEvent.setup(), load, table: screen.getByRole('table', { name: 'Fruits' }) };
}

const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
const query = () => Object.fromEntries(new URLSearchParams(window.location.search));

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the list scaffold keeps its view in the URL', () => {
  it('renders the search, filter, sort, page and page size a link carries', () => {
    const { table } = open('/fruits?q=fruit&colour=RED&sort=name,DESC&page=2&rows=20');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('fruit');
    expect(screen.getByRole('combobox', { name: 'Colour' })).toHaveValue('RED');
    expect(screen.getByRole('combobox', { name: 'Fruits per page:' })).toHaveValue('20');
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    // 30 red fruits (every id not 1 modulo 3), by name descending: page 2 of 20 holds the ten lowest.
    expect(screen.getByText('21 - 30 of 30 fruits')).toBeInTheDocument();
    expect(names(table)).toEqual([
      'Fruit 15',
      'Fruit 14',
      'Fruit 12',
      'Fruit 11',
      'Fruit 09',
      'Fruit 08',
      'Fruit 06',
      'Fruit 05',
      'Fruit 03',
      'Fruit 02',
    ]);
  });

  it('writes each change to the URL, leaves defaults out and starts a new filter or sort at page 1', async () => {
    const { user, table, load } = open('/fruits?lead=7');
    expect(screen.getByText('1 - 10 of 45 fruits')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(query()).toEqual({ lead: '7', page: '2' });
    expect(names(table)[0]).toBe('Fruit 11');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Colour' }), 'Green');
    expect(query()).toEqual({ lead: '7', colour: 'GREEN' });
    expect(screen.getByText('1 - 10 of 15 fruits')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'fruit 1{Enter}');
    expect(query()).toEqual({ lead: '7', colour: 'GREEN', q: 'fruit 1' });
    expect(names(table)).toEqual(['Fruit 10', 'Fruit 13', 'Fruit 16', 'Fruit 19']);

    await user.click(within(table).getByRole('button', { name: 'Name' }));
    expect(query()).toEqual({ lead: '7', colour: 'GREEN', q: 'fruit 1', sort: 'name,DESC' });
    expect(names(table)).toEqual(['Fruit 19', 'Fruit 16', 'Fruit 13', 'Fruit 10']);

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {}); // the download
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(load).toHaveBeenCalledWith({ q: 'fruit 1', colour: 'GREEN' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Colour' }), 'All colours');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Fruits per page:' }), '40');
    expect(query()).toEqual({ lead: '7', q: 'fruit 1', sort: 'name,DESC', rows: '40' });
  });

  it('falls back to the defaults for values the list does not take', () => {
    const { table } = open('/fruits?colour=PURPLE&sort=secret,ASC&page=x&rows=7');
    expect(screen.getByRole('combobox', { name: 'Colour' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Fruits per page:' })).toHaveValue('10');
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByText('1 - 10 of 45 fruits')).toBeInTheDocument();
  });

  it('follows the URL when it changes under the screen (back and forward)', async () => {
    const { table } = open('/fruits');
    window.history.pushState(null, '', '/fruits?colour=GREEN&page=2');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(screen.getByText('11 - 15 of 15 fruits')).toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Colour' })).toHaveValue('GREEN');
    expect(names(table)).toEqual(['Fruit 31', 'Fruit 34', 'Fruit 37', 'Fruit 40', 'Fruit 43']);
  });
});
