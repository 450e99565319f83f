import { referralSummary } from '../../lib/referral-summary.ts';
import { BarChart } from '../../ui/bar-chart.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useBrokerageStats } from './use-stats.ts';
import { WidgetCard } from './widget-card.tsx';

/** Referral summary: the section 9 shares; a failed load falls back to 0.00% rows. */
export function ReferralSummaryWidget() {
  const stats = useBrokerageStats();
  const s = stats.data;
  const rows = referralSummary(s);
  return (
    <WidgetCard id="referralSummary" span={4}>
      {!s && !stats.isError ? (
        <Skeleton shape="figures" label="Loading referral summary" />
      ) : (
        <BarChart
          label="Referral summary"
          max={100}
          rows={rows.map((r) => ({
            key: r.label,
            label: r.label,
            value: Number.parseFloat(r.percent),
            valueText: r.percent,
          }))}
        />
      )}
    </WidgetCard>
  );
}
