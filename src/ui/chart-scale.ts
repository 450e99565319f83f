// The value axis of a chart: a few "nice" ticks (1, 2 or 5 times a power of ten, or steps the caller
// names, such as whole hours) from zero to just above the largest value. Written by hand: @visx/scale
// would bring d3-scale and its time formats into the chunk for a few divisions (see bar-chart.tsx).

export interface TickOptions {
  /** About this many intervals between zero and the top (the axis may take one more or less). */
  count?: number;
  /** Counts: no step under 1, so no tick reads "0.5". */
  integer?: boolean;
  /** Steps to choose from instead of 1, 2, 5 × 10ⁿ (e.g. durations in seconds: a minute, an hour...). */
  steps?: readonly number[];
}

const DEFAULT_COUNT = 4; // five lines over a 140 px plot: one every 35 px, each label clear of the next

/** The smallest 1, 2 or 5 × 10ⁿ that is at least `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const m = raw / power;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * power;
}

/** Ticks from 0 to `top` (the first tick at or above `max`); `top` is what the plot's full height means. */
export function niceTicks(
  max: number,
  { count = DEFAULT_COUNT, integer = false, steps }: TickOptions = {},
): { ticks: number[]; top: number } {
  const highest = Number.isFinite(max) && max > 0 ? max : 1;
  const raw = highest / count;
  let step = steps?.find((s) => s >= raw) ?? niceStep(raw);
  if (integer) step = Math.max(1, Math.round(step));
  const intervals = Math.max(1, Math.ceil(highest / step - 1e-9));
  const ticks = Array.from({ length: intervals + 1 }, (_, i) => Number((i * step).toPrecision(12)));
  return { ticks, top: intervals * step };
}

/** Durations in seconds (response times): the axis ticks at whole minutes, hours and days. */
export const DURATION_STEPS: readonly number[] = [
  60, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400, 172_800, 432_000, 864_000,
];

const MIN_LABEL_SPACING_PX = 36; // a short label ("Sep", 22 px at 12 px type) and 14 px of air; below it, every nth label is shown

/**
 * Every how many categories a label is written under the axis, so labels never touch or cut: all of
 * them on a wide chart, every 2nd or 3rd on a phone. The last category (the latest month) always has its label.
 */
export function labelStep(categories: number, widthPx: number): number {
  if (categories <= 1 || widthPx <= 0) return 1;
  return Math.max(1, Math.ceil((categories * MIN_LABEL_SPACING_PX) / widthPx));
}

export const showsLabel = (index: number, categories: number, step: number): boolean =>
  (categories - 1 - index) % step === 0;
