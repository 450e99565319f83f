import { groupDigits } from './format.ts';

// The fixed list of price ranges (spec 2 section 9): 39 values from $100,000 to $20M, in dollars.
// The spec gives only the count and the ends; the steps are ours
// (docs/decisions/0049-value-lists-the-spec-leaves-open.md): finer where most homes sell, coarser at
// the top.
const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => from + i * step);

export const PRICE_RANGES: readonly number[] = [
  ...range(100_000, 1_000_000, 50_000), // 19 values
  ...range(1_100_000, 2_000_000, 100_000), // 10 values
  ...range(2_500_000, 5_000_000, 500_000), // 6 values
  7_500_000,
  10_000_000,
  15_000_000,
  20_000_000,
];

/** $100,000 ... $1.5M ... $20M: the label a price range select shows. */
export function priceRangeLabel(dollars: number): string {
  if (dollars < 1_000_000) return `$${groupDigits(dollars)}`;
  return `$${Number((dollars / 1_000_000).toFixed(2))}M`;
}
