import { describe, expect, it } from 'vitest';

import {
  allowedMoves,
  canMove,
  FUNNELS,
  moveRefusal,
  needsDateOfSale,
  needsRemovalReason,
  REFERRAL_STAGES,
  REMOVAL_REASONS,
  STAGE_LABELS,
  stageLabel,
  takesDateOfSale,
  type ReferralStage,
  type ReferralType,
} from '../../src/lib/referral-stages.ts';

describe('stage labels and funnels', () => {
  it.each([
    ['AWAITING_FOLLOWUP', 'Received'],
    ['SPOKEN_WITH', 'Spoken With'],
    ['SHOWN_HOMES', 'Met or Showed Homes'],
    ['MET_WITH_SELLER', 'Met With Seller'],
    ['OFFER_MADE', 'Made Offer'],
    ['LISTED_HOME', 'Listed Home'],
    ['UNDER_CONTRACT', 'Under Contract'],
    ['CLOSED', 'Closed'],
    ['LEASED', 'Leased'],
    ['LONG_TERM_HOLD', 'Long-Term Hold'],
    ['REMOVED', 'Removed'],
  ] as const)('%s reads %s', (stage, label) => {
    expect(STAGE_LABELS[stage]).toBe(label);
    expect(stageLabel(stage)).toBe(label);
  });

  it('labels every stage and shows an unknown stage as it is', () => {
    expect(Object.keys(STAGE_LABELS).sort()).toEqual([...REFERRAL_STAGES].sort());
    expect(stageLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });

  it.each([
    ['BUYER', 'AWAITING_FOLLOWUP SPOKEN_WITH SHOWN_HOMES OFFER_MADE UNDER_CONTRACT CLOSED'],
    ['SELLER', 'AWAITING_FOLLOWUP SPOKEN_WITH MET_WITH_SELLER LISTED_HOME OFFER_MADE UNDER_CONTRACT CLOSED'],
    ['RENTAL', 'AWAITING_FOLLOWUP SPOKEN_WITH SHOWN_HOMES LEASED'],
  ] as const)('the %s funnel runs %s', (type, stages) => {
    expect(FUNNELS[type]).toEqual(stages.split(' '));
  });

  it('lists the spec removal reasons verbatim and in order', () => {
    expect(REMOVAL_REASONS).toEqual([
      'Became unresponsive',
      'No longer buying / selling',
      'Mortgage / Funding issues',
      'Working with another agent',
      "Couldn't find home in budget",
      'Outside my area',
      'Duplicate referral',
      'Language barrier',
      'I am no longer with brokerage',
      'Transaction with an iBuyer',
    ]);
  });
});

const HR = 'LONG_TERM_HOLD REMOVED';
// Every (type, stage) row: the moves allowed from it, space separated ('' for none).
const MOVES: Record<ReferralType, Record<ReferralStage, string>> = {
  BUYER: {
    AWAITING_FOLLOWUP: `SPOKEN_WITH SHOWN_HOMES OFFER_MADE UNDER_CONTRACT CLOSED ${HR}`,
    SPOKEN_WITH: `SHOWN_HOMES OFFER_MADE UNDER_CONTRACT CLOSED ${HR}`,
    SHOWN_HOMES: `OFFER_MADE UNDER_CONTRACT CLOSED ${HR}`,
    OFFER_MADE: `UNDER_CONTRACT CLOSED ${HR}`,
    UNDER_CONTRACT: `CLOSED ${HR}`,
    CLOSED: '',
    LEASED: '',
    REMOVED: '',
    LONG_TERM_HOLD: 'AWAITING_FOLLOWUP SPOKEN_WITH SHOWN_HOMES OFFER_MADE UNDER_CONTRACT REMOVED',
    // Stages outside the buyer funnel (older data) may join the funnel anywhere.
    MET_WITH_SELLER: `AWAITING_FOLLOWUP SPOKEN_WITH SHOWN_HOMES OFFER_MADE UNDER_CONTRACT CLOSED ${HR}`,
    LISTED_HOME: `AWAITING_FOLLOWUP SPOKEN_WITH SHOWN_HOMES OFFER_MADE UNDER_CONTRACT CLOSED ${HR}`,
  },
  SELLER: {
    AWAITING_FOLLOWUP: `SPOKEN_WITH MET_WITH_SELLER LISTED_HOME OFFER_MADE UNDER_CONTRACT CLOSED ${HR}`,
    SPOKEN_WITH: `MET_WITH_SELLER LISTED_HOME OFFER_MADE UNDER_CONTRACT CLOSED ${HR}`,
    MET_WITH_SELLER: `LISTED_HOME OFFER_MADE UNDER_CONTRACT CLOSED ${HR}`,
    LISTED_HOME: `OFFER_MADE UNDER_CONTRACT CLOSED ${HR}`,
    OFFER_MADE: `UNDER_CONTRACT CLOSED ${HR}`,
    UNDER_CONTRACT: `CLOSED ${HR}`,
    CLOSED: '',
    LEASED: '',
    REMOVED: '',
    LONG_TERM_HOLD: 'AWAITING_FOLLOWUP SPOKEN_WITH MET_WITH_SELLER LISTED_HOME OFFER_MADE UNDER_CONTRACT REMOVED',
    SHOWN_HOMES: `AWAITING_FOLLOWUP SPOKEN_WITH MET_WITH_SELLER LISTED_HOME OFFER_MADE UNDER_CONTRACT CLOSED ${HR}`,
  },
  RENTAL: {
    AWAITING_FOLLOWUP: `SPOKEN_WITH SHOWN_HOMES LEASED ${HR}`,
    SPOKEN_WITH: `SHOWN_HOMES LEASED ${HR}`,
    SHOWN_HOMES: `LEASED ${HR}`,
    LEASED: '',
    CLOSED: '',
    REMOVED: '',
    LONG_TERM_HOLD: 'AWAITING_FOLLOWUP SPOKEN_WITH SHOWN_HOMES REMOVED',
    MET_WITH_SELLER: `AWAITING_FOLLOWUP SPOKEN_WITH SHOWN_HOMES LEASED ${HR}`,
    LISTED_HOME: `AWAITING_FOLLOWUP SPOKEN_WITH SHOWN_HOMES LEASED ${HR}`,
    OFFER_MADE: `AWAITING_FOLLOWUP SPOKEN_WITH SHOWN_HOMES LEASED ${HR}`,
    UNDER_CONTRACT: `AWAITING_FOLLOWUP SPOKEN_WITH SHOWN_HOMES LEASED ${HR}`,
  },
};

const rows = Object.entries(MOVES).flatMap(([type, byStage]) =>
  Object.entries(byStage).map(([stage, moves]) => [type as ReferralType, stage as ReferralStage, moves] as const),
);

describe('allowed stage moves', () => {
  it('has a row for every stage of every type', () => {
    expect(rows).toHaveLength(3 * REFERRAL_STAGES.length);
  });

  it.each(rows)('a %s referral at %s may move to [%s]', (type, stage, moves) => {
    expect(allowedMoves(type, stage)).toEqual(moves ? moves.split(' ') : []);
  });

  it.each(rows)('canMove agrees with the table for a %s referral at %s', (type, from, moves) => {
    const allowed = new Set(moves ? moves.split(' ') : []);
    for (const to of REFERRAL_STAGES) {
      expect(canMove(type, from, to), `${from} -> ${to}`).toBe(allowed.has(to));
      expect(moveRefusal(type, from, to) === null, `${from} -> ${to}`).toBe(allowed.has(to));
    }
  });
});

describe('refusal messages', () => {
  it.each([
    ['BUYER', 'CLOSED', 'CLOSED', 'This referral is already Closed'],
    ['BUYER', 'REMOVED', 'SPOKEN_WITH', 'This referral can no longer move to Spoken With'],
    ['BUYER', 'OFFER_MADE', 'SHOWN_HOMES', 'This referral can no longer move to Met or Showed Homes'],
    ['SELLER', 'CLOSED', 'LONG_TERM_HOLD', 'This referral can no longer move to Long-Term Hold'],
    ['RENTAL', 'SPOKEN_WITH', 'CLOSED', 'A rental referral cannot move to Closed'],
    ['BUYER', 'SPOKEN_WITH', 'LISTED_HOME', 'A buyer referral cannot move to Listed Home'],
    ['SELLER', 'AWAITING_FOLLOWUP', 'SHOWN_HOMES', 'A seller referral cannot move to Met or Showed Homes'],
    ['BUYER', 'LONG_TERM_HOLD', 'CLOSED', 'Reactivate this referral before moving it to Closed'],
    ['RENTAL', 'LEASED', 'REMOVED', 'This referral can no longer move to Removed'],
  ] as const)('a %s referral at %s refused %s says "%s"', (type, from, to, message) => {
    expect(moveRefusal(type, from, to)).toBe(message);
  });
});

describe('what a move needs', () => {
  it.each(REFERRAL_STAGES.map((s) => [s] as const))('moving to %s', (to) => {
    expect(needsRemovalReason(to)).toBe(to === 'REMOVED');
    expect(needsDateOfSale(to)).toBe(to === 'UNDER_CONTRACT');
    expect(takesDateOfSale(to)).toBe(['UNDER_CONTRACT', 'CLOSED', 'LEASED'].includes(to));
  });
});
