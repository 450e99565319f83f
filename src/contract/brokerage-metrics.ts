import * as v from 'valibot';

// My Metrics: the brokerage's trends per calendar month (UTC), each figure counted by SQL from the
// referral and potential-agent rows (GET /agents-api/brokerages/{id}/metrics?months=3|6|12).

export const METRIC_PERIODS = [3, 6, 12] as const;
export type MetricPeriod = (typeof METRIC_PERIODS)[number];

export const MetricMonth = v.object({
  /** YYYY-MM */
  month: v.string(),
  /** Referrals created in the month. */
  received: v.number(),
  /** Referrals closed or leased with a sale date in the month, and their sale prices in dollars. */
  closed: v.number(),
  closedVolume: v.number(),
  /** Mean seconds from receipt to first response of the month's referrals; null when none was answered. */
  avgResponseSeconds: v.nullable(v.number()),
  /** Of the month's referrals, the share (0-100) now at a met stage or beyond, and closed or leased. */
  metWithRate: v.nullable(v.number()),
  conversionRate: v.nullable(v.number()),
  /**
   * Agent invitations (agentInvitations/stats, by month): potential agents whose latest invitation
   * was sent in the month, and those who joined (redeemed their invitation) in the month.
   */
  invitationsSent: v.number(),
  invitationsRedeemed: v.number(),
});
export type MetricMonth = v.InferOutput<typeof MetricMonth>;

export const BrokerageMetrics = v.object({
  brokerageId: v.number(),
  months: v.array(MetricMonth),
  /** Response time over referrals received in the last 7 and 30 days (seconds), as the leaderboard counts it. */
  responseTime: v.object({ last7: v.nullable(v.number()), last30: v.nullable(v.number()) }),
});
export type BrokerageMetrics = v.InferOutput<typeof BrokerageMetrics>;
