import type { BrokerageStats, Product } from '../../contract/brokerages.ts';
import { STAGE_LABELS, type ReferralStage } from '../../lib/referral-stages.ts';
import { BarChart, type BarDatum } from '../../ui/bar-chart.tsx';
import { Spinner } from '../../ui/layout.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { vars } from '../../ui/theme.css.ts';
import { useDashboard } from './dashboard-context.ts';
import { myReferrals, useBrokerageStats } from './use-stats.ts';
import { CardState, WidgetCard } from './widget-card.tsx';

type Step = readonly [ReferralStage, string];
const SIDE: Step[] = [['LONG_TERM_HOLD', 'longTermHold'], ['REMOVED', 'removed']];
const OVERALL: Step[] = [['AWAITING_FOLLOWUP', 'received'], ['SPOKEN_WITH', 'spokenWith'], ['SHOWN_HOMES', 'shownHomes'],
  ['MET_WITH_SELLER', 'metWithSeller'], ['OFFER_MADE', 'offersMade'], ['LISTED_HOME', 'listedHome'],
  ['UNDER_CONTRACT', 'underContract'], ['CLOSED', 'closed'], ['LONG_TERM_HOLD', 'longTermHold']];
const SELLER: Step[] = [['AWAITING_FOLLOWUP', 'received'], ['SPOKEN_WITH', 'spokenWith'], ['MET_WITH_SELLER', 'metWithSeller'],
  ['LISTED_HOME', 'listedHome'], ['OFFER_MADE', 'offersMade'], ['UNDER_CONTRACT', 'underContract'], ['CLOSED', 'closed'], ...SIDE];
const BUYER: Step[] = [['AWAITING_FOLLOWUP', 'received'], ['SPOKEN_WITH', 'spokenWith'], ['SHOWN_HOMES', 'shownHomes'],
  ['OFFER_MADE', 'offersMade'], ['UNDER_CONTRACT', 'underContract'], ['CLOSED', 'closed'], ...SIDE];
// Rentals end in Leased instead of Closed.
const RENTAL: Step[] = [['AWAITING_FOLLOWUP', 'received'], ['SPOKEN_WITH', 'spokenWith'], ['SHOWN_HOMES', 'shownHomes'],
  ['LEASED', 'leased'], ...SIDE];

const SIDE_COLOR = vars.color.grey;

function rows(figures: object, steps: Step[], type: 'SELLER' | 'BUYER' | 'RENTAL' | null, product: Product): BarDatum[] {
  const values = figures as Record<string, number | undefined>;
  return steps.map(([stage, key]) => ({
    key: stage,
    label: STAGE_LABELS[stage],
    value: values[key] ?? 0,
    // my-referrals filters by stage (s) and by seller or buyer (t); rentals have no type filter there.
    ...(type === 'RENTAL' ? {} : { href: myReferrals(type ? { s: stage, t: type } : { s: stage }, product) }),
    ...(stage === 'LONG_TERM_HOLD' || stage === 'REMOVED' ? { color: SIDE_COLOR } : {}),
  }));
}

function tabs(s: BrokerageStats, product: Product) {
  return [
    { value: 'overall', label: 'Overall', content: <BarChart label="Overall sales funnel" rows={rows(s, OVERALL, null, product)} /> },
    { value: 'seller', label: 'Seller', content: <BarChart label="Seller sales funnel" rows={rows(s.sellerFunnel, SELLER, 'SELLER', product)} /> },
    { value: 'buyer', label: 'Buyer', content: <BarChart label="Buyer sales funnel" rows={rows(s.buyerFunnel, BUYER, 'BUYER', product)} /> },
    { value: 'rental', label: 'Rental', content: <BarChart label="Rental sales funnel" rows={rows(s.rentalFunnel, RENTAL, 'RENTAL', product)} /> },
  ];
}

/** Sales funnel: referrals per stage now (Overall) and how far each type got (Seller, Buyer, Rental). */
export function SalesFunnelWidget() {
  const stats = useBrokerageStats();
  const { product } = useDashboard();
  return (
    <WidgetCard id="salesFunnel" span={8}>
      {stats.data ? <Tabs label="Sales funnel type" items={tabs(stats.data, product)} />
        : stats.isError ? <CardState>The sales funnel could not be loaded.</CardState> : <Spinner label="Loading sales funnel" />}
    </WidgetCard>
  );
}
