import { useQuery } from '@tanstack/react-query';

import { brokerScoreQueryOptions } from '../../api/dashboard.ts';
import type { BrokerScore } from '../../contract/brokerages.ts';
import { formatPercent } from '../../lib/format.ts';
import {
  CONVERSION_BOUNDS,
  conversionLevel,
  conversionScaleEnd,
  LEVEL_COLORS,
  levelLegend,
  LEVELS,
  SCORE_BOUNDS,
  scoreLevel,
  type Level,
} from '../../lib/score-levels.ts';
import * as chart from '../../ui/chart.css.ts';
import { GaugeChart, type GaugeBand } from '../../ui/gauge-chart.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useDashboard } from './dashboard-context.ts';
import * as styles from './dashboard.css.ts';
import { CardState, WidgetCard } from './widget-card.tsx';

export const SCORE_MISSING = 'We’re sorry, there was not enough data to display the correct score';

const TABS = [
  { value: 'overall', label: 'Overall', field: 'brokerScore' },
  { value: 'invites', label: 'Invites', field: 'invites' },
  { value: 'updates', label: 'Updates', field: 'upToDatePercent' },
  { value: 'met-with', label: 'Met With', field: 'metWithRate90Day' },
  { value: 'conversion', label: 'Conversion', field: 'projectedConversion12Mo' },
] as const satisfies readonly { value: string; label: string; field: keyof BrokerScore }[];

function bands(bounds: Record<Level, number>, max: number): GaugeBand[] {
  return LEVELS.map((level, i) => {
    const next = LEVELS[i + 1];
    return { from: bounds[level], to: next ? bounds[next] : max, color: LEVEL_COLORS[level] };
  })
    .filter((b) => b.from < max)
    .map((b) => ({ ...b, to: Math.min(b.to, max) }));
}

function Gauge({ label, value, conversion }: { label: string; value: number | null | undefined; conversion: boolean }) {
  if (value === null || value === undefined) return <CardState>{SCORE_MISSING}</CardState>;
  const max = conversion ? conversionScaleEnd(value) : 100;
  const level = conversion ? conversionLevel(value) : scoreLevel(value);
  return (
    <div className={styles.scoreBody}>
      <GaugeChart
        label={`${label} score`}
        value={value}
        max={max}
        valueText={formatPercent(value)}
        caption={level}
        color={LEVEL_COLORS[level]}
        bands={bands(conversion ? CONVERSION_BOUNDS : SCORE_BOUNDS, max)}
      />
      <ul className={chart.legend} aria-label={`${label} levels`}>
        {levelLegend(conversion ? 'conversion' : 'score').map((row) => (
          <li key={row.level} className={chart.legendItem} aria-current={row.level === level ? 'true' : undefined}>
            <span className={chart.swatch} style={{ background: row.color }} aria-hidden="true" />
            <span className={chart.legendText} style={row.level === level ? { fontWeight: 700 } : undefined}>
              {row.level}
            </span>
            <span className={chart.legendValue}>{row.range}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Broker score: five half-ring gauges with the level legend; a failed load reads as a missing score. */
export function BrokerScoreWidget() {
  const { brokerageId } = useDashboard();
  const score = useQuery(brokerScoreQueryOptions(brokerageId));
  return (
    <WidgetCard id="brokerScore" span={8}>
      {score.isPending ? (
        <Skeleton shape="figures" label="Loading broker score" />
      ) : (
        <Tabs
          label="Broker score measures"
          items={TABS.map((t) => ({
            value: t.value,
            label: t.label,
            content: <Gauge label={t.label} value={score.data?.[t.field]} conversion={t.value === 'conversion'} />,
          }))}
        />
      )}
    </WidgetCard>
  );
}
