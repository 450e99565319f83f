import type { AgentFunnel } from '../../contract/referrals.ts';
import { stageLabel, type ReferralStage } from '../../lib/referral-stages.ts';
import { BarChart } from '../../ui/bar-chart.tsx';
import { meta } from '../../ui/staff.css.ts';
import { Tabs } from '../../ui/tabs.tsx';

type Part = AgentFunnel['seller'];

/** What the bars count, and why Closings elsewhere is not one bar: said under the chart. */
export const FUNNEL_LEGEND =
  'Each bar counts the agent’s referrals at that stage now; a sold home is Closed, a rental Leased. ' +
  'Closings on My Agents and the Agent Leaderboard count Closed and Leased together.';

/** Overall adds the three types stage by stage (a stage missing from a type's path counts 0 there). */
function overall(f: AgentFunnel): Part {
  const stages = new Map<ReferralStage, { count: number; overdue: number }>();
  for (const part of [f.seller, f.buyer, f.rental]) {
    for (const s of part.stages) {
      const prev = stages.get(s.stage) ?? { count: 0, overdue: 0 };
      stages.set(s.stage, { count: prev.count + s.count, overdue: prev.overdue + s.overdue });
    }
  }
  return {
    stages: [...stages].map(([stage, x]) => ({ stage, ...x })),
    removed: f.seller.removed + f.buyer.removed + f.rental.removed,
    total: f.seller.total + f.buyer.total + f.rental.total,
  };
}

function Chart({ label, part }: { label: string; part: Part }) {
  return (
    <BarChart
      label={`${label} funnel`}
      rows={[
        ...part.stages.map((s) => ({
          key: s.stage,
          label: stageLabel(s.stage),
          value: s.count,
          valueText: s.overdue > 0 ? `${s.count} (${s.overdue} overdue)` : String(s.count),
        })),
        { key: 'REMOVED', label: stageLabel('REMOVED'), value: part.removed },
      ]}
    />
  );
}

/** The agent's referrals per stage now: Overall, Seller, Buyer, Rental, with the overdue ones. */
export function AgentFunnelTabs({ funnel }: { funnel: AgentFunnel }) {
  return (
    <>
      <Tabs
        label="Funnel type"
        items={[
          { value: 'overall', label: 'Overall', content: <Chart label="Overall" part={overall(funnel)} /> },
          { value: 'seller', label: 'Seller', content: <Chart label="Seller" part={funnel.seller} /> },
          { value: 'buyer', label: 'Buyer', content: <Chart label="Buyer" part={funnel.buyer} /> },
          { value: 'rental', label: 'Rental', content: <Chart label="Rental" part={funnel.rental} /> },
        ]}
      />
      <p className={meta}>{FUNNEL_LEGEND}</p>
    </>
  );
}
