// Score levels of spec 2 section 5; docs/spec/DECISIONS.md: each level includes its lower bound.

export const LEVELS = ['Red', 'Bronze', 'Silver', 'Gold', 'Platinum'] as const;
export type Level = (typeof LEVELS)[number];

/** Lower bounds (percent of 100) for overall, invites, updates and met-with. */
export const SCORE_BOUNDS: Record<Level, number> = { Red: 0, Bronze: 50, Silver: 65, Gold: 80, Platinum: 90 };
/** Lower bounds for conversion (percent of leads expected to close). */
export const CONVERSION_BOUNDS: Record<Level, number> = { Red: 0, Bronze: 0.75, Silver: 1.5, Gold: 2.25, Platinum: 3 };

/** Fixed tier colours (spec 2 section 9: "tier colours are fixed"). */
export const LEVEL_COLORS: Record<Level, string> = {
  Red: '#c62828',
  Bronze: '#a0522d',
  Silver: '#78909c',
  Gold: '#c49000',
  Platinum: '#4a5d8f',
};

function levelFor(value: number, bounds: Record<Level, number>): Level {
  let found: Level = 'Red';
  for (const level of LEVELS) if (value >= bounds[level]) found = level;
  return found;
}

export const scoreLevel = (percent: number): Level => levelFor(percent, SCORE_BOUNDS);
export const conversionLevel = (percent: number): Level => levelFor(percent, CONVERSION_BOUNDS);

/** The conversion gauge ends at 10%, 35% or 100%: the smallest that holds the value. */
export const CONVERSION_SCALE_ENDS = [10, 35, 100] as const;
export function conversionScaleEnd(percent: number): number {
  return CONVERSION_SCALE_ENDS.find((end) => percent <= end) ?? 100;
}

export interface LegendRow {
  level: Level;
  range: string;
  color: string;
}

/** The legend under a gauge: each level with its range ("50–65", "Under 50", "90–100"). */
export function levelLegend(kind: 'score' | 'conversion'): LegendRow[] {
  const bounds = kind === 'score' ? SCORE_BOUNDS : CONVERSION_BOUNDS;
  const unit = kind === 'score' ? '' : '%';
  return LEVELS.map((level, i) => {
    const next = LEVELS[i + 1];
    const low = bounds[level];
    const range =
      i === 0
        ? `Under ${bounds[next ?? level]}${unit}`
        : next
          ? `${low}–${bounds[next]}${unit}`
          : kind === 'score'
            ? `${low}–100`
            : `${low}% and above`;
    return { level, range, color: LEVEL_COLORS[level] };
  });
}
