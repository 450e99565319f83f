import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { formatFraction, formatHours, formatPercentTick, formatScore, formatShare } from '../../src/lib/format.ts';

// One vocabulary: no screen prints a raw fraction. Numbers are formatted by src/lib/format.ts
// (formatScore, formatFraction, formatPercent, formatShare, formatHours, formatCount, rateText ...),
// never by a screen's own toFixed, percent arithmetic or a score or rate field printed as it comes.

/** What prints a figure without the formatter module, each with how to recognise it on one line. */
const RAW: { what: string; pattern: RegExp }[] = [
  { what: 'toFixed', pattern: /\.toFixed\(/ },
  { what: 'percent arithmetic', pattern: /\*\s*100\b|\b100\s*\*/ },
  // Any value a screen writes before a "%" itself, formatted or not: the percent formatters add the sign.
  { what: 'a percent sign after a value', pattern: /\$\{[^}]*\}%/ },
  { what: 'a score or rate printed as it comes', pattern: /(\{|=>)\s*[\w.?!]+\.(score|\w*Score|\w*Rate|ratio)\s*[},]/ },
];
/** CSS geometry (a bar's height, a label's left) is a position, not a figure a person reads. */
const GEOMETRY = /\b(left|right|top|bottom|width|height|transform)\s*:/;
/** Files allowed one kind of line, with the reason. */
const ALLOWED: Record<string, RegExp> = {
  // A chart series plots the raw value (value:) and prints it through formatPercent (text:).
  'src/features/my-metrics/metric-series.ts': /\bvalue: \(/,
};

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );

/** Every line of the screens and shared UI that prints a figure without the formatter module: file:line and what. */
function rawFigures(): string[] {
  return ['src/features', 'src/widgets', 'src/ui']
    .flatMap((d) => walk(d))
    .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.css.ts'))
    .flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          RAW.filter(({ pattern }) => pattern.test(line) && !GEOMETRY.test(line) && !ALLOWED[f]?.test(line)).map(
            ({ what }) => `${f}:${i + 1} ${what}: ${line.trim()}`,
          ),
        ),
    );
}

describe('no screen prints a raw fraction', () => {
  it('recognises each kind of raw figure, and lets a position or a formatted value pass', () => {
    const hit = (line: string) => RAW.some(({ pattern }) => pattern.test(line)) && !GEOMETRY.test(line);
    expect(hit('<dd>{agent.score}</dd>')).toBe(true);
    expect(hit('cell: (a) => a.displayScore,')).toBe(true);
    expect(hit('`${(rate * 100).toFixed(1)}%`')).toBe(true);
    expect(hit('`${boost.boostPercentage}%`')).toBe(true);
    expect(hit('<dd>{formatScore(agent.score)}</dd>')).toBe(false);
    expect(hit('style={{ left: `${(i / n) * 100}%` }}')).toBe(false);
    expect(hit('format: (v) => `${groupDigits(v)}%`')).toBe(true);
    expect(hit('`${formatCount(share)}%`')).toBe(true);
    expect(hit('format: formatPercentTick,')).toBe(false);
  });

  it('finds none in src/features and src/ui (each is listed as file:line)', () => {
    expect(rawFigures()).toEqual([]);
  });

  it('formats the shared figures one way', () => {
    expect(formatScore(0.9349)).toBe('93.49%');
    expect(formatFraction(0.25, 1)).toBe('25.0%');
    expect(formatFraction(null, 1)).toBe('-');
    expect(formatShare(3, 4, 0)).toBe('75%');
    expect(formatShare(0, 0, 0)).toBe('0%');
    expect([formatHours(null), formatHours(12.25), formatHours(72)]).toEqual(['-', '12.3 hours', '3.0 days']);
    expect([formatPercentTick(0), formatPercentTick(12.5), formatPercentTick(1200)]).toEqual(['0%', '12.5%', '1,200%']);
  });
});
