import type { BrokerScore, StatSet } from '../../../src/contract/brokerages.ts';
import { FUNNELS, type ReferralStage, type ReferralType } from '../../../src/lib/referral-stages.ts';

// Pure arithmetic behind the dashboard answers; the SQL only counts (tests/unit/dashboard-figures.test.ts).

/** How many referrals of one type are in one stage. */
export interface StageCount {
  type: ReferralType;
  stage: ReferralStage;
  count: number;
}

/**
 * A stage off a type's path (FUNNELS) sits at its equivalent step: a seller showing homes has met,
 * a buyer "listed" or a rental under contract has shown homes, closed and leased are one end.
 */
const EQUIVALENT: Record<ReferralType, Partial<Record<ReferralStage, ReferralStage>>> = {
  SELLER: { SHOWN_HOMES: 'MET_WITH_SELLER', LEASED: 'CLOSED' },
  BUYER: { MET_WITH_SELLER: 'SHOWN_HOMES', LISTED_HOME: 'SHOWN_HOMES', LEASED: 'CLOSED' },
  RENTAL: {
    MET_WITH_SELLER: 'SHOWN_HOMES',
    LISTED_HOME: 'SHOWN_HOMES',
    OFFER_MADE: 'SHOWN_HOMES',
    UNDER_CONTRACT: 'SHOWN_HOMES',
    CLOSED: 'LEASED',
  },
};
const KEY: Record<ReferralStage, string> = {
  AWAITING_FOLLOWUP: 'received',
  SPOKEN_WITH: 'spokenWith',
  SHOWN_HOMES: 'shownHomes',
  MET_WITH_SELLER: 'metWithSeller',
  OFFER_MADE: 'offersMade',
  LISTED_HOME: 'listedHome',
  UNDER_CONTRACT: 'underContract',
  CLOSED: 'closed',
  LEASED: 'leased',
  LONG_TERM_HOLD: 'longTermHold',
  REMOVED: 'removed',
};

/** Step index of a stage on a type's path; -1 for the side exits (long-term hold, removed). */
export function stepOf(type: ReferralType, stage: ReferralStage): number {
  return FUNNELS[type].indexOf(EQUIVALENT[type][stage] ?? stage);
}

/** The cumulative funnel of one type: every path step plus the two side exits. */
export function funnel(type: ReferralType, counts: readonly StageCount[]): Record<string, number> {
  const path = FUNNELS[type];
  const steps = path.map(() => 0);
  let total = 0;
  const out: Record<string, number> = { longTermHold: 0, removed: 0 };
  for (const c of counts) {
    if (c.type !== type) continue;
    total += c.count;
    const step = stepOf(type, c.stage);
    for (let i = 1; i <= step; i++) steps[i]! += c.count;
    if (c.stage === 'LONG_TERM_HOLD') out.longTermHold! += c.count;
    if (c.stage === 'REMOVED') out.removed! += c.count;
  }
  path.forEach((stage, i) => {
    out[KEY[stage]] = i === 0 ? total : steps[i]!;
  });
  return out;
}

/** closed / (closed + removed): the share of finished referrals that closed; 0 when none finished. */
export const closeRate = (closed: number, removed: number): number =>
  closed + removed === 0 ? 0 : closed / (closed + removed);

/** The referral figures of one product from its per-stage counts, overdue count and closed value. */
export function statSet(counts: readonly StageCount[], overdue: number, closedCents: number): StatSet {
  const at = (...stages: ReferralStage[]) =>
    counts.filter((c) => stages.includes(c.stage)).reduce((s, c) => s + c.count, 0);
  const total = counts.reduce((s, c) => s + c.count, 0);
  const closed = at('CLOSED', 'LEASED');
  const removed = at('REMOVED');
  const active = total - closed - removed;
  const underContract = at('UNDER_CONTRACT');
  const longTermHold = at('LONG_TERM_HOLD');
  const closedValue = Math.round(closedCents / 100);
  const projectedNewClosings =
    underContract + Math.round((active - underContract - longTermHold) * closeRate(closed, removed));
  return {
    activeReferrals: active,
    overdueForFollowUp: overdue,
    totalClosed: closed,
    totalClosedValue: closedValue,
    removed,
    projectedNewClosings,
    projectedToClose: closed === 0 ? 0 : Math.round(projectedNewClosings * (closedValue / closed)),
    received: at('AWAITING_FOLLOWUP'),
    spokenWith: at('SPOKEN_WITH'),
    shownHomes: at('SHOWN_HOMES'),
    metWithSeller: at('MET_WITH_SELLER'),
    offersMade: at('OFFER_MADE'),
    listedHome: at('LISTED_HOME'),
    underContract,
    closed,
    longTermHold,
    sellerFunnel: funnel('SELLER', counts) as StatSet['sellerFunnel'],
    buyerFunnel: funnel('BUYER', counts) as StatSet['buyerFunnel'],
    rentalFunnel: funnel('RENTAL', counts) as StatSet['rentalFunnel'],
  };
}

/** Prefixes every key: activeReferrals becomes leadGeniusActiveReferrals. */
export function prefixLeadGenius<T extends object>(
  set: T,
): { [K in keyof T & string as `leadGenius${Capitalize<K>}`]: T[K] } {
  return Object.fromEntries(
    Object.entries(set).map(([k, val]) => [`leadGenius${k.charAt(0).toUpperCase()}${k.slice(1)}`, val]),
  ) as { [K in keyof T & string as `leadGenius${Capitalize<K>}`]: T[K] };
}

// ---------------------------------------------------------------- broker score

/** Fewer items than this make a rate too noisy to show: the figure is null ("not enough data"). */
export const MIN_SCORE_SAMPLE = 10;
/** Conversion at the Platinum level (spec 2 section 5) counts as a full 100 in the overall score. */
export const CONVERSION_FOR_FULL_SCORE = 3;

export const round2 = (x: number): number => Math.round(x * 100) / 100;
/** part / whole as a percentage with 2 decimals, or null below the minimum sample. */
export const rate = (part: number, whole: number): number | null =>
  whole < MIN_SCORE_SAMPLE ? null : round2((100 * part) / whole);

export interface ScoreCounts {
  /** Invitations of the last 90 days: accepted (assigned) and refused (NO_AGENT_ACCEPT). */
  accepted: number;
  declined: number;
  /** Open referrals now, and how many of them are overdue. */
  open: number;
  overdue: number;
  /** Referrals received in the last 90 days, and how many reached a met stage or beyond. */
  received90: number;
  met90: number;
  /** Leads of the last 12 months; their referrals closed, removed and still in the active pipeline. */
  leads12: number;
  closed12: number;
  removed12: number;
  pipeline12: number;
}

export function brokerScore(brokerageId: number, n: ScoreCounts): BrokerScore {
  const invites = rate(n.accepted, n.accepted + n.declined);
  const upToDatePercent = rate(n.open - n.overdue, n.open);
  const metWithRate90Day = rate(n.met90, n.received90);
  const expectedClosings = n.closed12 + n.pipeline12 * closeRate(n.closed12, n.removed12);
  const conversion = rate(expectedClosings, n.leads12);
  const parts = [
    invites,
    upToDatePercent,
    metWithRate90Day,
    conversion === null ? null : Math.min(100, (100 * conversion) / CONVERSION_FOR_FULL_SCORE),
  ];
  const overall = parts.some((p) => p === null)
    ? null
    : round2(parts.reduce<number>((s, p) => s + (p ?? 0), 0) / parts.length);
  return {
    brokerageId,
    brokerScore: overall,
    invites,
    upToDatePercent,
    metWithRate90Day,
    projectedConversion12Mo: conversion,
  };
}

// ---------------------------------------------------------------- small formats

/** "https://www.Zillow.com/homes?x=1" -> "zillow.com"; blank -> null. */
export function cleanWebsite(raw: string | null): string | null {
  if (raw === null) return null;
  const host =
    raw
      .trim()
      .toLowerCase()
      .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
      .replace(/^www\./, '')
      .split(/[/?#]/)[0] ?? '';
  return host.length > 0 ? host : null;
}

/** The UTC bounds of a 'YYYY-MM' month and of its calendar quarter. */
export function monthBounds(month: string): { start: Date; end: Date; quarterStart: Date; quarterEnd: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const q = Math.floor((m - 1) / 3) * 3;
  return {
    start: new Date(Date.UTC(y, m - 1, 1)),
    end: new Date(Date.UTC(y, m, 1)),
    quarterStart: new Date(Date.UTC(y, q, 1)),
    quarterEnd: new Date(Date.UTC(y, q + 3, 1)),
  };
}

export const monthOf = (d: Date): string => d.toISOString().slice(0, 7);
