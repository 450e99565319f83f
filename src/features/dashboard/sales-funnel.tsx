import type { BrokerageStats, Product } from '../../contract/brokerages.ts';
import { STAGE_LABELS, type ReferralStage } from '../../lib/referral-stages.ts';
import { BarChart, type BarDatum } from '../../ui/bar-chart.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { vars } from '../../ui/theme.css.ts';
import { useDashboard } from './dashboard-context.ts';
import * as styles from './dashboard.css.ts';
import { myReferrals, useBrokerageStats } from './use-stats.ts';
import { WidgetCard } from './widget-card.tsx';

type Step = readonly [ReferralStage, string];
const SIDE: Step[] = [
  ['LONG_TERM_HOLD', 'longTermHold'],
  ['REMOVED', 'removed'],
];
const OVERALL: Step[] = [
  ['AWAITING_FOLLOWUP', 'received'],
  ['SPOKEN_WITH', 'spokenWith'],
  ['SHOWN_HOMES', 'shownHomes'],
  ['MET_WITH_SELLER', 'metWithSeller'],
  ['OFFER_MADE', 'offersMade'],
  ['LISTED_HOME', 'listedHome'],
  ['UNDER_CONTRACT', 'underContract'],
  ['CLOSED', 'closed'],
  ['LONG_TERM_HOLD', 'longTermHold'],
];
const SELLER: Step[] = [
  ['AWAITING_FOLLOWUP', 'received'],
  ['SPOKEN_WITH', 'spokenWith'],
  ['MET_WITH_SELLER', 'metWithSeller'],
  ['LISTED_HOME', 'listedHome'],
  ['OFFER_MADE', 'offersMade'],
  ['UNDER_CONTRACT', 'underContract'],
  ['CLOSED', 'closed'],
  ...SIDE,
];
const BUYER: Step[] = [
  ['AWAITING_FOLLOWUP', 'received'],
  ['SPOKEN_WITH', 'spokenWith'],
  ['SHOWN_HOMES', 'shownHomes'],
  ['OFFER_MADE', 'offersMade'],
  ['UNDER_CONTRACT', 'underContract'],
  ['CLOSED', 'closed'],
  ...SIDE,
];
// Rentals end in Leased instead of Closed.
const RENTAL: Step[] = [
  ['AWAITING_FOLLOWUP', 'received'],
  ['SPOKEN_WITH', 'spokenWith'],
  ['SHOWN_HOMES', 'shownHomes'],
  ['LEASED', 'leased'],
  ...SIDE,
];

const SIDE_COLOR = vars.color.grey;

function rows(
  figures: object,
  steps: Step[],
  type: 'SELLER' | 'BUYER' | 'RENTAL' | null,
  product: Product,
): BarDatum[] {
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

// What the bars count, said under each chart: Overall is where referrals stand now (a later stage can
// hold more than an earlier one); the typed funnels count every step a referral reached.
export const FUNNEL_NOW = 'Referrals at each stage now.';
export const FUNNEL_REACHED = 'Referrals that reached each step: one further along counts in every earlier step.';

const chart = (label: string, data: BarDatum[], counts: string) => (
  <>
    <BarChart label={label} rows={data} />
    <p className={styles.disclaimer}>{counts}</p>
  </>
);

function tabs(s: BrokerageStats, product: Product) {
  return [
    {
      value: 'overall',
      label: 'Overall',
      content: chart('Overall sales funnel', rows(s, OVERALL, null, product), FUNNEL_NOW),
    },
    {
      value: 'seller',
      label: 'Seller',
      content: chart('Seller sales funnel', rows(s.sellerFunnel, SELLER, 'SELLER', product), FUNNEL_REACHED),
    },
    {
      value: 'buyer',
      label: 'Buyer',
      content: chart('Buyer sales funnel', rows(s.buyerFunnel, BUYER, 'BUYER', product), FUNNEL_REACHED),
    },
    {
      value: 'rental',
      label: 'Rental',
      content: chart('Rental sales funnel', rows(s.rentalFunnel, RENTAL, 'RENTAL', product), FUNNEL_REACHED),
    },
  ];
}

/** Sales funnel: referrals per stage now (Overall) and how far each type got (Seller, Buyer, Rental). */
export function SalesFunnelWidget() {
  const stats = useBrokerageStats();
  const { product } = useDashboard();
  return (
    <WidgetCard id="salesFunnel" span={8}>
      {stats.data ? (
        <Tabs label="Sales funnel type" items={tabs(stats.data, product)} />
      ) : stats.isError ? (
        <QueryFailure thing="The sales funnel" retry={stats.refetch} />
      ) : (
        <Skeleton shape="chart" label="Loading sales funnel" />
      )}
    </WidgetCard>
  );
}
