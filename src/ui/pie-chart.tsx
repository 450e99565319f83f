import { Group } from '@visx/group';
import { Pie } from '@visx/shape';
import { useId } from 'react';
import { Link } from 'wouter';

import { sweepStroke } from './chart-animation.css.ts';
import { maskId } from './chart-animation.ts';
import * as styles from './chart.css.ts';
import { vars } from './theme.css.ts';

export interface PieDatum {
  key: string;
  label: string;
  value: number;
  /** Shown after the label in the legend (e.g. "12 · 33.3%"). */
  valueText: string;
  color: string;
  href?: string;
}

const SIZE = 160;
const OUTER = SIZE / 2 - 2;
const INNER = SIZE / 2 - 30;

/** A donut chart (visx) named by `label`, with a legend of labels and values beside it. */
export function PieChart({ label, rows }: { label: string; rows: readonly PieDatum[] }) {
  const mask = maskId(useId());
  const drawn = rows.filter((r) => r.value > 0);
  return (
    <figure className={styles.figure}>
      <svg className={styles.pieSvg} role="img" aria-label={`${label} (pie chart)`} viewBox={`0 0 ${SIZE} ${SIZE}`}>
        <Group top={SIZE / 2} left={SIZE / 2}>
          {drawn.length === 0 ? (
            <circle r={SIZE / 2 - 8} fill="none" stroke={vars.color.greySoft} strokeWidth={28} />
          ) : (
            <>
              {/* The ring is revealed clockwise from twelve o'clock: a circle's stroke drawn along the mask. */}
              <mask id={mask}>
                <circle
                  r={(OUTER + INNER) / 2}
                  fill="none"
                  stroke="#fff"
                  strokeWidth={OUTER - INNER + 4}
                  pathLength={1}
                  transform="rotate(-90)"
                  className={sweepStroke}
                />
              </mask>
              <g mask={`url(#${mask})`}>
                <Pie
                  data={drawn}
                  pieValue={(d) => d.value}
                  outerRadius={OUTER}
                  innerRadius={INNER}
                  padAngle={0.01}
                  pieSortValues={null}
                  startAngle={0}
                  endAngle={2 * Math.PI}
                >
                  {(pie) =>
                    pie.arcs.map((arc) => <path key={arc.data.key} d={pie.path(arc) ?? ''} fill={arc.data.color} />)
                  }
                </Pie>
              </g>
            </>
          )}
        </Group>
      </svg>
      <ul className={styles.legend} aria-label={label}>
        {rows.map((r) => (
          <li key={r.key} className={styles.legendItem}>
            <span className={styles.swatch} style={{ background: r.color }} aria-hidden="true" />
            <span className={styles.legendText}>
              {r.href ? (
                <Link href={r.href} className={styles.barLink}>
                  {r.label}
                </Link>
              ) : (
                r.label
              )}
            </span>
            <span className={styles.legendValue}>{r.valueText}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** Distinct colours for chart series, readable on white. */
export const SERIES_COLORS = [
  '#00796b',
  '#5c6bc0',
  '#f57c00',
  '#8e24aa',
  '#c62828',
  '#546e7a',
  '#2e7d32',
  '#ad1457',
] as const;
export const seriesColor = (i: number): string => SERIES_COLORS[i % SERIES_COLORS.length] ?? '#00796b';
