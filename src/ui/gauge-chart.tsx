import { Group } from '@visx/group';
import { Arc } from '@visx/shape';
import { useId } from 'react';

import { sweepStroke } from './chart-animation.css.ts';
import { maskId } from './chart-animation.ts';
import * as styles from './chart.css.ts';
import { vars } from './theme.css.ts';

export interface GaugeBand {
  from: number;
  to: number;
  color: string;
}

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
export function GaugeChart({
  label,
  value,
  max,
  valueText,
  color,
  bands,
  caption,
}: {
  label: string;
  value: number;
  max: number;
  valueText: string;
  color: string;
  bands: readonly GaugeBand[];
  caption?: string;
}) {
  const mask = maskId(useId());
  const end = angle(value, max);
  const mid = RADIUS - 10 - THICKNESS / 2;
  return (
    <figure className={styles.gauge} style={{ margin: 0 }}>
      <svg
        className={styles.gaugeSvg}
        role="img"
        aria-label={`${label}: ${valueText}${caption ? `, ${caption}` : ''}`}
        viewBox={`0 0 ${WIDTH} ${RADIUS + 14}`}
      >
        <Group top={RADIUS + 6} left={WIDTH / 2}>
          {bands.map((b) => (
            <Arc
              key={`${b.from}-${b.to}`}
              startAngle={angle(b.from, max)}
              endAngle={angle(b.to, max)}
              innerRadius={RADIUS - 4}
              outerRadius={RADIUS + 4}
              fill={b.color}
            />
          ))}
          <Arc
            startAngle={-HALF}
            endAngle={HALF}
            innerRadius={RADIUS - 10 - THICKNESS}
            outerRadius={RADIUS - 10}
            cornerRadius={4}
            fill={vars.color.greySoft}
          />
          {value > 0 && (
            <>
              {/* The value's arc is revealed from the left along its own sweep: a stroke drawn along the mask. */}
              <mask id={mask}>
                <path
                  d={`M ${-mid} 0 A ${mid} ${mid} 0 0 1 ${mid * Math.sin(end)} ${-mid * Math.cos(end)}`}
                  fill="none"
                  stroke="#fff"
                  strokeWidth={THICKNESS + 8}
                  pathLength={1}
                  className={sweepStroke}
                />
              </mask>
              <Arc
                startAngle={-HALF}
                endAngle={end}
                innerRadius={RADIUS - 10 - THICKNESS}
                outerRadius={RADIUS - 10}
                cornerRadius={4}
                fill={color}
                mask={`url(#${mask})`}
              />
            </>
          )}
        </Group>
      </svg>
      <span className={styles.gaugeValue} aria-hidden="true">
        {valueText}
      </span>
      {caption && (
        <span className={styles.gaugeCaption} aria-hidden="true">
          {caption}
        </span>
      )}
    </figure>
  );
}
