import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import {
  asAgentWrite,
  detailWithStage,
  newIdempotencyKey,
  noteWrite,
  stageWrite,
  withFollowUp,
  withStage,
} from '../../src/api/agent-app-writes.ts';
import type { AgentReferral, AgentReferralDetail } from '../../src/contract/referrals.ts';

const NOW = new Date('2030-06-15T12:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

function referral(
  stage: AgentReferral['stage'],
  updatedDaysAgo: number,
  dateOfSale: string | null = null,
): AgentReferral {
  return {
    id: 7,
    type: 'BUYER',
    stage,
    updated: ago(updatedDaysAgo),
    created: ago(90),
    prospect: { name: { first: 'Ana', last: 'Lopez' } },
    phone: null,
    email: null,
    details: { referralSale: { dateOfSale } },
    daysOverdue: 0,
    overdue: false,
  };
}

describe('a referral as a queued write will leave it', () => {
  // [from, days idle, change, expected stage, days overdue, date of sale]
  it.each([
    ['SPOKEN_WITH', 12, { stage: 'SHOWN_HOMES' }, 'SHOWN_HOMES', 0, null],
    [
      'AWAITING_FOLLOWUP',
      20,
      { stage: 'UNDER_CONTRACT', dateOfSale: '2030-06-01' },
      'UNDER_CONTRACT',
      14,
      '2030-06-01',
    ],
    ['AWAITING_FOLLOWUP', 20, { stage: 'UNDER_CONTRACT', dateOfSale: '2030-07-01' }, 'UNDER_CONTRACT', 0, '2030-07-01'],
    ['OFFER_MADE', 9, { stage: 'REMOVED', removalReason: 'Outside my area' }, 'REMOVED', 0, null],
    ['SHOWN_HOMES', 30, { stage: 'LONG_TERM_HOLD' }, 'LONG_TERM_HOLD', 0, null],
  ] as const)('%s idle %i days, then %o: %s, %i days overdue', (from, idle, change, stage, days, sale) => {
    const next = withStage(referral(from, idle), change, NOW);
    expect(next).toMatchObject({
      stage,
      updated: NOW.toISOString(),
      daysOverdue: days,
      overdue: days > 0,
      details: { referralSale: { dateOfSale: sale } },
    });
  });

  it('gives the detail its removal reason and the moves allowed from the new stage', () => {
    const detail: AgentReferralDetail = {
      ...referral('SPOKEN_WITH', 3),
      agentId: 1,
      removalReason: null,
      allowedMoves: [],
    };
    expect(detailWithStage(detail, { stage: 'OFFER_MADE' }, NOW).allowedMoves).toEqual([
      'UNDER_CONTRACT',
      'CLOSED',
      'LONG_TERM_HOLD',
      'REMOVED',
    ]);
    expect(detailWithStage(detail, { stage: 'REMOVED', removalReason: 'Duplicate referral' }, NOW)).toMatchObject({
      removalReason: 'Duplicate referral',
      allowedMoves: [],
    });
  });

  it('counts a note as a follow-up: an overdue referral is up to date, an under-contract one past its date is not', () => {
    expect(withFollowUp({ ...referral('SPOKEN_WITH', 12), daysOverdue: 12, overdue: true }, NOW)).toMatchObject({
      overdue: false,
      daysOverdue: 0,
    });
    expect(withFollowUp(referral('UNDER_CONTRACT', 1, '2030-06-10'), NOW)).toMatchObject({
      overdue: true,
      daysOverdue: 5,
    });
  });
});

describe('queued writes', () => {
  const target = { agentId: 3, referralId: 7, referralName: 'Ana Lopez' };

  it('carry a fresh UUID Idempotency-Key each and survive a JSON round trip as persisted variables', () => {
    const a = stageWrite(target, 'BUYER', { stage: 'SHOWN_HOMES' });
    const b = noteWrite(target, 'Called back');
    expect(a.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(asAgentWrite(JSON.parse(JSON.stringify(a)))).toEqual(a);
    expect(asAgentWrite(JSON.parse(JSON.stringify(b)))).toEqual(b);
    expect(asAgentWrite({ ...a, kind: 'delete' })).toBeNull();
    expect(asAgentWrite(undefined)).toBeNull();
  });

  it('makes version 4 UUIDs without crypto.randomUUID (an insecure context)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(v.is(v.pipe(v.string(), v.uuid()), newIdempotencyKey())).toBe(true);
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab]/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
