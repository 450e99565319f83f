import { Bar } from '@visx/shape';
import { Link } from 'wouter';

import { formatCount } from '../lib/format.ts';
import { growRight } from './chart-animation.css.ts';
import * as styles from './chart.css.ts';
import { vars } from './theme.css.ts';

export interface BarDatum {
  key: string;
  label: string;
  value: number;
  /** The value as shown (a count by default). */
  valueText?: string;
  /** A row that leads somewhere is a link. */
  href?: string;
  color?: string;
}

const VIEW_WIDTH = 100; // the SVG stretches to its column; bars are drawn in percent of it
const BAR_HEIGHT = 18;

/**
 * A horizontal bar chart (visx): the bars are an image named by `label`; each row's label and value
 * are text beside it (links where a row leads somewhere), so the numbers reach screen readers and every
 * value is always in sight. A long label wraps (never cut to "D…"); the rows grow with it.
 */
export function BarChart({ label, rows, max }: { label: string; rows: readonly BarDatum[]; max?: number }) {
  const top = Math.max(max ?? 0, ...rows.map((r) => r.value), 1);
  // A linear scale by hand: @visx/scale would pull d3-scale (and its time formats) into the chunk for one division.
  const x = (value: number) => (Math.max(0, value) / top) * VIEW_WIDTH;
  const height = rows.length * styles.ROW_HEIGHT;
  return (
    <div className={styles.barGrid}>
      <div className={styles.barPlot} style={{ gridRow: `1 / span ${Math.max(1, rows.length)}` }}>
        <svg
          className={styles.barSvg}
          role="img"
          aria-label={`${label} (bar chart)`}
          viewBox={`0 0 ${VIEW_WIDTH} ${height}`}
          preserveAspectRatio="none"
        >
          {rows.map((r, i) => (
            <g key={r.key}>
              <Bar
                x={0}
                y={i * styles.ROW_HEIGHT + (styles.ROW_HEIGHT - BAR_HEIGHT) / 2}
                width={VIEW_WIDTH}
                height={BAR_HEIGHT}
                fill={vars.color.greySoft}
              />
              <Bar
                x={0}
                y={i * styles.ROW_HEIGHT + (styles.ROW_HEIGHT - BAR_HEIGHT) / 2}
                width={Math.max(0, x(r.value))}
                height={BAR_HEIGHT}
                fill={r.color ?? vars.color.primary}
                className={growRight}
              />
            </g>
          ))}
        </svg>
      </div>
      {/* role list: display contents drops the implicit role in some browsers */}
      <ul className={styles.barRow} role="list" aria-label={label}>
        {rows.map((r, i) => (
          <li key={r.key} className={styles.barRow} role="listitem">
            <span className={styles.barLabel} style={{ gridRow: i + 1 }}>
              {r.href ? (
                <Link href={r.href} className={styles.barLink}>
                  {r.label}
                </Link>
              ) : (
                r.label
              )}
            </span>
            <span className={styles.barValue} style={{ gridRow: i + 1 }}>
              {r.valueText ?? formatCount(r.value)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
