import { Group } from '@visx/group';
import { Arc } from '@visx/shape';
import * as styles from './chart.css.ts';
import { useChartProgress } from './chart-animation.ts';
import { vars } from './theme.css.ts';

export interface GaugeBand { from: number; to: number; color: string }

const WIDTH = 240;
const RADIUS = 110;
const THICKNESS = 26;
const HALF = Math.PI / 2;

/** Maps a value on [0, max] to an angle from -90° (left) to +90° (right). */
const angle = (value: number, max: number) => -HALF + Math.PI * Math.min(1, Math.max(0, value / max));

/**
 * A half-ring gauge (visx Arc) named by `label`: the level bands drawn thin on the outside, the value
 * as a filled arc, and the value's text under it.
 */
export function GaugeChart({ label, value, max, valueText, color, bands, caption }: {
  label: string; value: number; max: number; valueText: string; color: string; bands: readonly GaugeBand[]; caption?: string;
}) {
  const grown = useChartProgress();
  return (
    <figure className={styles.gauge} style={{ margin: 0 }}>
      <svg className={styles.gaugeSvg} role="img" aria-label={`${label}: ${valueText}${caption ? `, ${caption}` : ''}`}
        viewBox={`0 0 ${WIDTH} ${RADIUS + 14}`}>
        <Group top={RADIUS + 6} left={WIDTH / 2}>
          {bands.map((b) => (
            <Arc key={`${b.from}-${b.to}`} startAngle={angle(b.from, max)} endAngle={angle(b.to, max)}
              innerRadius={RADIUS - 4} outerRadius={RADIUS + 4} fill={b.color} />
          ))}
          <Arc startAngle={-HALF} endAngle={HALF} innerRadius={RADIUS - 10 - THICKNESS} outerRadius={RADIUS - 10}
            cornerRadius={4} fill={vars.color.greySoft} />
          {value > 0 && grown > 0 && (
            <Arc startAngle={-HALF} endAngle={angle(value * grown, max)} innerRadius={RADIUS - 10 - THICKNESS} outerRadius={RADIUS - 10}
              cornerRadius={4} fill={color} />
          )}
        </Group>
      </svg>
      <span className={styles.gaugeValue} aria-hidden="true">{valueText}</span>
      {caption && <span className={styles.gaugeCaption} aria-hidden="true">{caption}</span>}
    </figure>
  );
}
