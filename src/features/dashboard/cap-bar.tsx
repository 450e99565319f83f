import { Bar } from '@visx/shape';

import { capView } from '../../lib/cap.ts';
import { formatCount } from '../../lib/format.ts';
import { vars } from '../../ui/theme.css.ts';
import * as styles from './dashboard.css.ts';

const WIDTH = 100;
const HEIGHT = 20;

/** Leads sent against a quarterly cap: one bar on the cap's scale (5x the sent count without a cap; red over it). */
export function CapBar({ label, sent, cap }: { label: string; sent: number; cap: number }) {
  const view = capView(sent, cap);
  const description = view.noCap
    ? `${formatCount(sent)} sent, no cap`
    : `${formatCount(sent)} sent of a cap of ${formatCount(cap)}${view.overCap ? ', over the cap' : ''}`;
  return (
    <div>
      <svg
        role="img"
        aria-label={`${label}: ${description}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        style={{ width: '100%', height: 20, display: 'block' }}
      >
        <Bar x={0} y={0} width={WIDTH} height={HEIGHT} rx={3} fill={vars.color.greySoft} />
        <Bar
          x={0}
          y={0}
          width={WIDTH * view.fill}
          height={HEIGHT}
          rx={3}
          fill={view.overCap ? vars.color.danger : vars.color.primary}
        />
      </svg>
      {view.overCap && <p className={styles.overdue}>Over the quarterly cap</p>}
    </div>
  );
}
