import { describe, expect, it } from 'vitest';

import { capView } from '../../src/lib/cap.ts';
import { respondedGroups, statusLabel, statusRows } from '../../src/lib/opportunity-status.ts';
import { percentOf, referralSummary } from '../../src/lib/referral-summary.ts';

describe('the referral summary', () => {
  const stats = { activeReferrals: 60, closed: 25, removed: 15, shownHomes: 10, offersMade: 5, underContract: 4 };
  it.each([
    ['Met & Showed', '44.00%'], // (10 + 5 + 4 + 25) / 100
    ['Made Offer', '34.00%'], // (5 + 4 + 25) / 100
    ['Under Contract', '29.00%'], // (4 + 25) / 100
    ['Closed', '25.00%'],
  ])('%s is %s of active + closed + removed', (label, percent) => {
    expect(referralSummary(stats).find((r) => r.label === label)?.percent).toBe(percent);
  });

  it('rounds to 2 decimals', () => {
    expect(
      referralSummary({
        activeReferrals: 2,
        closed: 1,
        removed: 0,
        shownHomes: 0,
        offersMade: 0,
        underContract: 0,
      }).map((r) => r.percent),
    ).toEqual(['33.33%', '33.33%', '33.33%', '33.33%']);
  });

  it.each([
    ['no stats (a failed load)', null],
    ['no referrals', { activeReferrals: 0, closed: 0, removed: 0, shownHomes: 0, offersMade: 0, underContract: 0 }],
  ])('falls back to 0.00%% rows for %s', (_, input) => {
    expect(referralSummary(input)).toEqual([
      { label: 'Met & Showed', percent: '0.00%' },
      { label: 'Made Offer', percent: '0.00%' },
      { label: 'Under Contract', percent: '0.00%' },
      { label: 'Closed', percent: '0.00%' },
    ]);
  });

  it.each([
    [1, 3, '33.33%'],
    [2, 3, '66.67%'],
    [0, 0, '0.00%'],
    [5, -1, '0.00%'],
    [Number.NaN, 4, '0.00%'],
  ])('percentOf(%s, %s) is %s', (part, whole, text) => {
    expect(percentOf(part, whole)).toBe(text);
  });
});

describe('the new-leads versus quarterly-cap bar', () => {
  it.each([
    // sent, cap, capText, scaleMax, overCap, fill
    [10, 0, 'No cap', 50, false, 0.2],
    [10, 99999, 'No cap', 50, false, 0.2],
    [0, 0, 'No cap', 0, false, 0],
    [40, 100, '100', 100, false, 0.4],
    [100, 100, '100', 100, false, 1],
    [150, 100, '100', 150, true, 1],
  ])(
    '%s sent against a cap of %s reads %s, scale %s, over cap %s, fill %s',
    (sent, cap, capText, scaleMax, overCap, fill) => {
      expect(capView(sent, cap)).toEqual({ noCap: capText === 'No cap', capText, scaleMax, overCap, fill });
    },
  );
});

describe('opportunity status labels', () => {
  it.each([
    ['IN_PRIORITY_NURTURE', 'Previous Interest'],
    ['CONTACT_ESTABLISHED', 'Contact Established'],
    ['NO_AGENT_ACCEPT', 'No Agent Accepted'],
    ['REMOVED_ASSIGNMENT_TO_AGENT', 'Removed Assignment To Agent'],
    ['TRANSFERRED_TO_IBUYER', 'Transferred To iBuyer'],
    [null, '-'],
  ])('%s reads %s', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });

  it('leaves TRANSFERRED_TO_LENDER_INCOMPLETE out of the status widget and sorts most first', () => {
    const rows = statusRows([
      { status: 'CLOSED', count: 3 },
      { status: 'TRANSFERRED_TO_LENDER_INCOMPLETE', count: 9 },
      { status: 'IN_PRIORITY_NURTURE', count: 5 },
    ]);
    expect(rows.map((r) => [r.label, r.count])).toEqual([
      ['Previous Interest', 5],
      ['Closed', 3],
    ]);
  });
});

describe('the responded-leads bars', () => {
  const stats = [
    { status: 'IN_PRIORITY_NURTURE', count: 4 },
    { status: 'DO_NOT_CONTACT', count: 1 },
    { status: 'UNSERVICEABLE', count: 2 },
    { status: 'UNQUALIFIED', count: 3 },
    { status: 'FUTURE_INTEREST', count: 5 },
    { status: 'CONTACT_ESTABLISHED', count: 6 },
    { status: 'TRANSFER_INCOMPLETE', count: 7 },
    { status: 'NO_AGENT_ACCEPT', count: 2 },
    { status: 'CLOSED', count: 99 },
  ];
  it.each([
    ['Previous Interest', 4],
    ['Unserviceable', 6],
    ['Future Interest', 5],
    ['Contact Established', 6],
    ['Transfer Incomplete', 7],
    ['No Agent Accepted', 2],
  ])('%s counts %s', (label, count) => {
    expect(respondedGroups(stats).find((g) => g.label === label)?.count).toBe(count);
  });

  it('gives each group its share of the grouped leads', () => {
    const groups = respondedGroups(stats);
    expect(groups.reduce((s, g) => s + g.percent, 0)).toBeCloseTo(100);
    expect(groups[0]?.percent).toBeCloseTo(13.33, 2); // 4 of 30
  });

  it('gives every group 0% when there are none', () => {
    expect(respondedGroups([]).every((g) => g.count === 0 && g.percent === 0)).toBe(true);
  });
});
