import { Bar } from '@visx/shape';
import { useRef, type CSSProperties } from 'react';

import { formatCount } from '../lib/format.ts';
import { growUp } from './chart-animation.css.ts';
import { useChartFocus } from './chart-focus.ts';
import { labelStep, niceTicks, showsLabel, type TickOptions } from './chart-scale.ts';
import { ChartTable } from './chart-table.tsx';
import { useChartWidth } from './chart-width.ts';
import * as styles from './column-chart.css.ts';
import { vars } from './theme.css.ts';

export interface ColumnDatum {
  key: string;
  /** The period in full ("Mar 2026"): the tooltip, the table and the image's name. */
  label: string;
  value: number | null;
  /** The exact value as shown ("$1,234,567"). */
  valueText: string;
  /** The period as short as the category axis writes it ("Mar"); the label when absent. */
  tick?: string;
}

const VIEW_HEIGHT = 100; // bars are drawn in percent of the chart's height
const PLOT = VIEW_HEIGHT - 2; // the top tick sits 2 units under the edge, so its grid line shows
const SLOT = 10; // each column's slot in the view box; the bar takes 70 % of it

/** Left third: the tooltip starts at its column; right third: ends at it; else centred. It never leaves the plot. */
function tooltipPlace(i: number, n: number): CSSProperties {
  const centre = (i + 0.5) / n;
  if (centre < 1 / 3) return { left: `${(i / n) * 100}%` };
  if (centre > 2 / 3) return { right: `${(1 - (i + 1) / n) * 100}%` };
  return { left: `${centre * 100}%`, transform: 'translateX(-50%)' };
}

/**
 * A column chart (visx) over time: one bar per period, a value axis of a few round ticks written by
 * `formatTick`, and the periods under it (every nth when they would crowd). The SVG is one image whose
 * name lists every value; each column is also a button (one tab stop, arrow keys between them) whose
 * exact value shows on hover, focus and tap; "Show as table" lists the same numbers.
 */
export function ColumnChart({
  label,
  rows,
  formatTick = formatCount,
  ticks: tickOptions,
  categoryHeader = 'Period',
  valueHeader = 'Value',
}: {
  label: string;
  rows: readonly ColumnDatum[];
  formatTick?: (value: number) => string;
  ticks?: TickOptions;
  categoryHeader?: string;
  valueHeader?: string;
}) {
  const plotRef = useRef<HTMLDivElement>(null);
  const width = useChartWidth(plotRef);
  const focus = useChartFocus(rows.length);
  const { ticks, top } = niceTicks(Math.max(0, ...rows.map((r) => r.value ?? 0)), tickOptions);
  const n = Math.max(1, rows.length);
  const step = labelStep(rows.length, width);
  const y = (value: number) => VIEW_HEIGHT - (Math.max(0, value) / top) * PLOT;
  const active = focus.active === null ? undefined : rows[focus.active];
  const summary = rows.map((r) => `${r.label}: ${r.valueText}`).join(', ');
  return (
    <figure className={styles.figure}>
      <div className={styles.frame}>
        <div className={styles.yAxis} aria-hidden="true">
          {ticks.map((t) => (
            <span key={t} className={styles.yTick} style={{ bottom: `${(t / top) * PLOT}%` }}>
              {formatTick(t)}
            </span>
          ))}
          <span className={styles.ySizer}>
            {ticks.map((t) => (
              <span key={t}>{formatTick(t)}</span>
            ))}
          </span>
        </div>
        <div ref={plotRef} className={styles.plot}>
          <svg
            className={styles.svg}
            role="img"
            aria-label={`${label}. ${summary}`}
            viewBox={`0 0 ${n * SLOT} ${VIEW_HEIGHT}`}
            preserveAspectRatio="none"
          >
            {ticks.map((t) => (
              <line
                key={t}
                x1={0}
                x2={n * SLOT}
                y1={y(t)}
                y2={y(t)}
                stroke={vars.color.border}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {rows.map((r, i) => {
              const h = VIEW_HEIGHT - y(r.value ?? 0);
              return (
                <Bar
                  key={r.key}
                  x={i * SLOT + SLOT * 0.15}
                  y={VIEW_HEIGHT - h}
                  width={SLOT * 0.7}
                  height={h}
                  fill={i === focus.active ? vars.color.primaryDark : vars.color.primary}
                  className={growUp}
                />
              );
            })}
          </svg>
          <div
            className={styles.hits}
            role="group"
            aria-label={`${label}: each ${categoryHeader.toLowerCase()}'s value`}
            {...focus.groupProps}
          >
            {rows.map((r, i) => (
              <button
                key={r.key}
                type="button"
                className={styles.hit}
                style={{ left: `${(i / n) * 100}%`, width: `${100 / n}%` }}
                aria-label={`${r.label}: ${r.valueText}`}
                {...focus.itemProps(i)}
              />
            ))}
          </div>
          {active && focus.active !== null && (
            <div role="tooltip" className={styles.tooltip} style={tooltipPlace(focus.active, n)}>
              {active.label}: <strong>{active.valueText}</strong>
            </div>
          )}
        </div>
        <div className={styles.xAxis} aria-hidden="true">
          {rows.map(
            (r, i) =>
              showsLabel(i, rows.length, step) && (
                <span
                  key={r.key}
                  className={[styles.xSlot, i === 0 && styles.xSlotFirst, i === n - 1 && styles.xSlotLast]
                    .filter(Boolean)
                    .join(' ')}
                  style={{ left: `${(i / n) * 100}%`, width: `${100 / n}%` }}
                >
                  <span className={styles.xTick}>{r.tick ?? r.label}</span>
                </span>
              ),
          )}
        </div>
      </div>
      <ChartTable label={label} rows={rows} categoryHeader={categoryHeader} valueHeader={valueHeader} />
    </figure>
  );
}
