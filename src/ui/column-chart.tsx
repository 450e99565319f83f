import { Bar } from '@visx/shape';
import * as styles from './column-chart.css.ts';
import { growUp } from './chart-animation.css.ts';
import { vars } from './theme.css.ts';

export interface ColumnDatum { key: string; label: string; value: number | null; valueText: string }

const VIEW_HEIGHT = 100; // bars are drawn in percent of the chart's height
const SLOT = 10; // each column's slot in the view box; the bar takes 70 % of it

/**
 * A column chart (visx) over time: one bar per period. The SVG is one image whose name lists every
 * value, and the periods and values are written under it, so nothing depends on seeing the bars.
 */
export function ColumnChart({ label, rows }: { label: string; rows: readonly ColumnDatum[] }) {
  const top = Math.max(1, ...rows.map((r) => r.value ?? 0));
  const width = Math.max(1, rows.length) * SLOT;
  const summary = rows.map((r) => `${r.label}: ${r.valueText}`).join(', ');
  return (
    <figure className={styles.figure}>
      <svg className={styles.svg} role="img" aria-label={`${label}. ${summary}`} viewBox={`0 0 ${width} ${VIEW_HEIGHT}`} preserveAspectRatio="none">
        {rows.map((r, i) => {
          const h = ((r.value ?? 0) / top) * (VIEW_HEIGHT - 2);
          return <Bar key={r.key} x={i * SLOT + SLOT * 0.15} y={VIEW_HEIGHT - h} width={SLOT * 0.7} height={h} fill={vars.color.primary} className={growUp} />;
        })}
      </svg>
      <div className={styles.axis} aria-hidden="true" style={{ gridTemplateColumns: `repeat(${Math.max(1, rows.length)}, 1fr)` }}>
        {rows.map((r) => <span key={r.key} className={styles.tick}><strong>{r.valueText}</strong><br />{r.label}</span>)}
      </div>
    </figure>
  );
}
