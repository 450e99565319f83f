import { describe, expect, it } from 'vitest';

import { parseSort } from '../../server/http/brokerage-scope.ts';
import {
  brokerScore,
  cleanWebsite,
  closeRate,
  funnel,
  monthBounds,
  prefixLeadGenius,
  rate,
  statSet,
  stepOf,
  type ScoreCounts,
} from '../../server/routes/agents-api/brokerage-figures.ts';
import type { ReferralStage, ReferralType } from '../../src/lib/referral-stages.ts';

// Every stage of every type: the funnel step it reaches (-1 = a side exit, counted in received only).
const STEPS: [ReferralType, ReferralStage, number][] = [
  ['SELLER', 'AWAITING_FOLLOWUP', 0],
  ['SELLER', 'SPOKEN_WITH', 1],
  ['SELLER', 'MET_WITH_SELLER', 2],
  ['SELLER', 'SHOWN_HOMES', 2],
  ['SELLER', 'LISTED_HOME', 3],
  ['SELLER', 'OFFER_MADE', 4],
  ['SELLER', 'UNDER_CONTRACT', 5],
  ['SELLER', 'CLOSED', 6],
  ['SELLER', 'LEASED', 6],
  ['SELLER', 'LONG_TERM_HOLD', -1],
  ['SELLER', 'REMOVED', -1],
  ['BUYER', 'AWAITING_FOLLOWUP', 0],
  ['BUYER', 'SPOKEN_WITH', 1],
  ['BUYER', 'SHOWN_HOMES', 2],
  ['BUYER', 'MET_WITH_SELLER', 2],
  ['BUYER', 'LISTED_HOME', 2],
  ['BUYER', 'OFFER_MADE', 3],
  ['BUYER', 'UNDER_CONTRACT', 4],
  ['BUYER', 'CLOSED', 5],
  ['BUYER', 'LEASED', 5],
  ['BUYER', 'LONG_TERM_HOLD', -1],
  ['BUYER', 'REMOVED', -1],
  ['RENTAL', 'AWAITING_FOLLOWUP', 0],
  ['RENTAL', 'SPOKEN_WITH', 1],
  ['RENTAL', 'SHOWN_HOMES', 2],
  ['RENTAL', 'MET_WITH_SELLER', 2],
  ['RENTAL', 'LISTED_HOME', 2],
  ['RENTAL', 'OFFER_MADE', 2],
  ['RENTAL', 'UNDER_CONTRACT', 2],
  ['RENTAL', 'LEASED', 3],
  ['RENTAL', 'CLOSED', 3],
  ['RENTAL', 'LONG_TERM_HOLD', -1],
  ['RENTAL', 'REMOVED', -1],
];

describe('funnel steps', () => {
  it.each(STEPS)('a %s referral in %s reaches step %i', (type, stage, step) => {
    expect(stepOf(type, stage)).toBe(step);
  });

  it('counts a referral in every step up to the one it reached, and side exits in received only', () => {
    const counts = [
      { type: 'BUYER' as const, stage: 'OFFER_MADE' as const, count: 2 },
      { type: 'BUYER' as const, stage: 'REMOVED' as const, count: 3 },
      { type: 'BUYER' as const, stage: 'LONG_TERM_HOLD' as const, count: 1 },
      { type: 'SELLER' as const, stage: 'CLOSED' as const, count: 5 },
    ];
    expect(funnel('BUYER', counts)).toEqual({
      received: 6,
      spokenWith: 2,
      shownHomes: 2,
      offersMade: 2,
      underContract: 0,
      closed: 0,
      longTermHold: 1,
      removed: 3,
    });
    expect(funnel('SELLER', counts)).toMatchObject({
      received: 5,
      spokenWith: 5,
      metWithSeller: 5,
      listedHome: 5,
      closed: 5,
    });
    expect(funnel('RENTAL', counts)).toEqual({
      received: 0,
      spokenWith: 0,
      shownHomes: 0,
      leased: 0,
      longTermHold: 0,
      removed: 0,
    });
  });
});

describe('referral figures of one product', () => {
  const counts = [
    { type: 'BUYER' as const, stage: 'AWAITING_FOLLOWUP' as const, count: 10 },
    { type: 'BUYER' as const, stage: 'UNDER_CONTRACT' as const, count: 4 },
    { type: 'SELLER' as const, stage: 'LONG_TERM_HOLD' as const, count: 6 },
    { type: 'SELLER' as const, stage: 'CLOSED' as const, count: 3 },
    { type: 'RENTAL' as const, stage: 'LEASED' as const, count: 1 },
    { type: 'BUYER' as const, stage: 'REMOVED' as const, count: 12 },
  ];
  const set = statSet(counts, 7, 1_234_567_89);

  it('counts active as everything neither closed, leased nor removed, long-term holds included', () => {
    expect(set).toMatchObject({
      activeReferrals: 20,
      totalClosed: 4,
      closed: 4,
      removed: 12,
      longTermHold: 6,
      received: 10,
      overdueForFollowUp: 7,
    });
  });

  it('gives the closed value in whole dollars', () => {
    expect(set.totalClosedValue).toBe(1_234_568);
  });

  it('projects under-contract referrals plus the rest of the active pipeline at the close rate', () => {
    // close rate 4 / (4 + 12) = 0.25; pipeline without under contract and long-term holds: 20 - 4 - 6 = 10
    expect(set.projectedNewClosings).toBe(4 + Math.round(10 * 0.25));
    expect(set.projectedToClose).toBe(Math.round(set.projectedNewClosings * (1_234_568 / 4)));
  });

  it('projects nothing beyond the contracts when nothing has finished yet', () => {
    const fresh = statSet(
      [
        { type: 'BUYER', stage: 'SPOKEN_WITH', count: 9 },
        { type: 'BUYER', stage: 'UNDER_CONTRACT', count: 2 },
      ],
      0,
      0,
    );
    expect(fresh).toMatchObject({ projectedNewClosings: 2, projectedToClose: 0, totalClosedValue: 0 });
  });

  it('prefixes every key for the LEAD_GENIUS copy', () => {
    const prefixed = prefixLeadGenius(set);
    expect(Object.keys(prefixed)).toHaveLength(Object.keys(set).length);
    expect(prefixed.leadGeniusActiveReferrals).toBe(20);
    expect(prefixed.leadGeniusSellerFunnel).toEqual(set.sellerFunnel);
  });
});

describe('rates', () => {
  it.each([
    [0, 0, 0],
    [3, 0, 1],
    [1, 3, 0.25],
    [0, 5, 0],
  ])('close rate of %i closed and %i removed is %d', (closed, removed, expected) => {
    expect(closeRate(closed, removed)).toBe(expected);
  });

  it.each([
    [5, 9, null],
    [5, 10, 50],
    [1, 3, null],
    [2, 30, 6.67],
    [30, 30, 100],
  ])('%i of %i is %s percent', (part, whole, expected) => {
    expect(rate(part, whole)).toBe(expected);
  });
});

describe('broker score', () => {
  const enough: ScoreCounts = {
    accepted: 90,
    declined: 10,
    open: 40,
    overdue: 10,
    received90: 50,
    met90: 20,
    leads12: 1000,
    closed12: 20,
    removed12: 20,
    pipeline12: 10,
  };

  it('averages invites, updates, met-with and conversion scaled so 3% is full marks', () => {
    const s = brokerScore(7, enough);
    // conversion: (20 + 10 * 0.5) / 1000 = 2.5%, worth 83.33 of 100
    expect(s).toEqual({
      brokerageId: 7,
      invites: 90,
      upToDatePercent: 75,
      metWithRate90Day: 40,
      projectedConversion12Mo: 2.5,
      brokerScore: 72.08,
    });
  });

  it('caps the conversion part at 100', () => {
    expect(brokerScore(7, { ...enough, leads12: 100, closed12: 50 }).brokerScore).toBe(round((90 + 75 + 40 + 100) / 4));
  });

  it.each([
    ['invites', { accepted: 5, declined: 4 }, 'invites'],
    ['updates', { open: 9, overdue: 0 }, 'upToDatePercent'],
    ['met with', { received90: 9 }, 'metWithRate90Day'],
    ['conversion', { leads12: 9 }, 'projectedConversion12Mo'],
  ] as const)('is missing overall when %s rests on fewer than 10 items', (_, patch, field) => {
    const s = brokerScore(7, { ...enough, ...patch });
    expect(s[field]).toBeNull();
    expect(s.brokerScore).toBeNull();
  });
});

const round = (x: number) => Math.round(x * 100) / 100;

describe('small formats', () => {
  it.each([
    ['zillow.com', 'zillow.com'],
    ['https://www.Zillow.com/homes?x=1', 'zillow.com'],
    ['http://realtor.com#top', 'realtor.com'],
    ['  www.homes.com/a/b ', 'homes.com'],
    ['', null],
    [null, null],
  ])('cleans the referring website %s to %s', (raw, clean) => {
    expect(cleanWebsite(raw)).toBe(clean);
  });

  it.each([
    ['2026-01', '2026-01-01', '2026-02-01', '2026-01-01', '2026-04-01'],
    ['2026-05', '2026-05-01', '2026-06-01', '2026-04-01', '2026-07-01'],
    ['2025-12', '2025-12-01', '2026-01-01', '2025-10-01', '2026-01-01'],
  ])('bounds %s and its quarter in UTC', (month, start, end, qStart, qEnd) => {
    const b = monthBounds(month);
    expect([b.start, b.end, b.quarterStart, b.quarterEnd].map((d) => d.toISOString().slice(0, 10))).toEqual([
      start,
      end,
      qStart,
      qEnd,
    ]);
  });

  it.each([
    ['name,ASC', { key: 'name', direction: 'asc' }],
    ['closings,desc', { key: 'closings', direction: 'desc' }],
    ['name', { key: 'name', direction: 'asc' }],
    ['revenue, DESC', { key: 'revenue', direction: 'desc' }],
    ['salary,DESC', undefined],
    ['name,UP', undefined],
    ['name,ASC,x', undefined],
    ['', undefined],
  ])('parses the sort %s', (raw, parsed) => {
    expect(parseSort(raw, ['name', 'closings', 'revenue'])).toEqual(parsed);
  });
});
