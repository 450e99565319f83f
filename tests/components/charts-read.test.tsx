import { act, fireEvent, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { MetricMonth } from '../../src/contract/brokerage-metrics.ts';
import { formatCount, formatUsd } from '../../src/lib/format.ts';
import { labelStep, niceTicks, showsLabel } from '../../src/ui/chart-scale.ts';
import * as columnStyles from '../../src/ui/column-chart.css.ts';
import { renderApp, testServer } from '../setup/render-app.tsx';
import { signIn } from '../setup/test-server.ts';

// A chart can be read on a phone and without seeing it: a value axis written by the one
// formatter, each column's exact value on focus and on a tap, and the same numbers as a table.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthName = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** Harbor Point's twelve months as the API answers them to its broker. */
async function apiMonths(): Promise<MetricMonth[]> {
  const server = await testServer();
  const harbor = await server.db
    .selectFrom('brokerages')
    .select('id')
    .where('name', '=', 'Harbor Point Realty')
    .executeTakeFirstOrThrow();
  const broker = await signIn(server, 'broker@demo.test');
  const res = await broker.get<{ months: MetricMonth[] }>(`/agents-api/brokerages/${harbor.id}/metrics?months=12`);
  expect(res.status).toBe(200);
  return res.body.months;
}

async function metricCard(title: string) {
  const app = await renderApp('/console/my-metrics', { as: 'broker@demo.test' });
  const card = await app.screen.findByRole('region', { name: title });
  await within(card).findByRole('img', { name: new RegExp(`^${title} per month\\. `) });
  return { app, card };
}

const axisTicks = (card: HTMLElement) =>
  [...card.querySelectorAll(`.${columnStyles.yTick}`)].map((e) => e.textContent ?? '');

describe('My Metrics charts can be read', () => {
  it('writes the value axis of closed volume in short money and of referrals in counts, from zero to above the largest month', async () => {
    const months = await apiMonths();
    const { card } = await metricCard('Closed volume');
    const money = axisTicks(card);
    expect(money[0]).toBe('$0');
    expect(money.length).toBeGreaterThanOrEqual(3);
    for (const t of money) expect(t).toMatch(/^\$\d+(\.\d+)?[KM]?$/); // formatPriceShort: $950, $1.5K, $1.25M
    const top = niceTicks(Math.max(...months.map((m) => m.closedVolume))).top;
    expect(top).toBeGreaterThanOrEqual(Math.max(...months.map((m) => m.closedVolume)));

    const received = await metricCard('Referrals received');
    const counts = axisTicks(received.card);
    for (const t of counts) expect(t).toMatch(/^\d{1,3}(,\d{3})*$/); // whole counts: no "0.5" tick
    expect(Number(counts.at(-1)!.replace(/,/g, ''))).toBeGreaterThanOrEqual(Math.max(...months.map((m) => m.received)));
  });

  it("shows a column's exact value on focus, moves with the arrow keys, hides on Escape and shows again on a tap", async () => {
    const months = await apiMonths();
    const { app, card } = await metricCard('Closed volume');
    const group = within(card).getByRole('group', { name: "Closed volume per month: each month's value" });
    const columns = within(group).getAllByRole('button');
    expect(columns).toHaveLength(12);
    const last = months.at(-1)!;
    const latest = within(group).getByRole('button', {
      name: `${monthName(last.month)}: ${formatUsd(last.closedVolume)}`,
    });
    expect(latest).toHaveAttribute('tabindex', '0'); // one tab stop per chart, on the latest month
    act(() => latest.focus());
    expect(within(card).getByRole('tooltip')).toHaveTextContent(
      `${monthName(last.month)}: ${formatUsd(last.closedVolume)}`,
    );
    fireEvent.keyDown(latest, { key: 'ArrowLeft' });
    const before = months.at(-2)!;
    expect(within(card).getByRole('tooltip')).toHaveTextContent(
      `${monthName(before.month)}: ${formatUsd(before.closedVolume)}`,
    );
    expect(columns[10]).toHaveFocus();
    fireEvent.keyDown(columns[10]!, { key: 'Escape' });
    expect(within(card).queryByRole('tooltip')).toBeNull();
    await app.user.click(columns[0]!);
    expect(within(card).getByRole('tooltip')).toHaveTextContent(
      `${monthName(months[0]!.month)}: ${formatUsd(months[0]!.closedVolume)}`,
    );
  });

  it("lists the same numbers as the API in the chart's table, one row per month", async () => {
    const months = await apiMonths();
    const { app, card } = await metricCard('Referrals received');
    await app.user.click(within(card).getByText('Show as table'));
    const table = within(card).getByRole('table', { name: 'Referrals received per month' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual(months.map((m) => [monthName(m.month), formatCount(m.received)]));
    expect(within(table).getByRole('columnheader', { name: 'Referrals received' })).toBeInTheDocument();
  });
});

describe('the value axis and the category labels', () => {
  it.each([
    [4, {}, [0, 1, 2, 3, 4]],
    [7, { integer: true }, [0, 2, 4, 6, 8]],
    [1.2, { integer: true }, [0, 1, 2]],
    [1.2, {}, [0, 0.5, 1, 1.5]],
    [2_345_678, {}, [0, 1_000_000, 2_000_000, 3_000_000]],
    [0, {}, [0, 0.5, 1]],
    [5400, { steps: [60, 300, 600, 900, 1800, 3600] }, [0, 1800, 3600, 5400]],
  ])('ticks a largest value of %s (%o) at %o', (max, options, ticks) => {
    expect(niceTicks(max, options).ticks).toEqual(ticks);
  });

  it('writes every label when there is room, every 2nd or 3rd on a phone, always the latest', () => {
    expect(labelStep(12, 900)).toBe(1);
    expect(labelStep(12, 300)).toBe(2);
    expect(labelStep(12, 200)).toBe(3);
    const shown = Array.from({ length: 12 }, (_, i) => i).filter((i) => showsLabel(i, 12, 2));
    expect(shown).toEqual([1, 3, 5, 7, 9, 11]);
  });
});
