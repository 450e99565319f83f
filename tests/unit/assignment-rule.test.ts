import { describe, expect, it } from 'vitest';

import {
  decideAssignment,
  forceRefusal,
  MAX_OVERDUE_REFERRALS,
  type AssignmentCandidate,
  type AssignmentLead,
} from '../../src/lib/assignment-rule.ts';

const lead: AssignmentLead = { brokerageId: 1, zip: '04101', city: 'Portland', state: 'ME' };
const agent = (id: number, over: Partial<AssignmentCandidate> = {}): AssignmentCandidate => ({
  agentId: id,
  name: `Agent ${id}`,
  brokerageId: 1,
  status: 'ACTIVE',
  holds: [],
  coverage: [{ zip: '04101', city: null, state: null }],
  exclusions: [],
  overdueCount: 0,
  openReferrals: 0,
  score: 0.5,
  declined: false,
  ...over,
});

describe('decideAssignment: each check skips a candidate with its reason', () => {
  const cases: [string, Partial<AssignmentCandidate>, string][] = [
    ['another brokerage', { brokerageId: 2 }, "Not with the opportunity's brokerage"],
    ['no coverage', { coverage: [{ zip: '04102', city: null, state: null }] }, 'No coverage area holds 04101'],
    ['an exclusion', { exclusions: ['04101'] }, 'Excludes ZIP 04101'],
    ['a status', { status: 'PAUSED' }, 'Status is PAUSED'],
    ['an admin hold', { holds: ['License expired'] }, 'On admin hold: License expired'],
    [
      'overdue referrals',
      { overdueCount: MAX_OVERDUE_REFERRALS },
      `${MAX_OVERDUE_REFERRALS} overdue referrals (limit ${MAX_OVERDUE_REFERRALS - 1})`,
    ],
    ['a decline', { declined: true }, 'Already declined this opportunity'],
  ];
  for (const [what, over, reason] of cases) {
    it(`skips for ${what}`, () => {
      const d = decideAssignment(lead, [agent(1, { ...over, score: 0.99 }), agent(2)]);
      expect(d.chosenAgentId).toBe(2);
      const skipped = d.candidates.find((c) => c.agentId === 1)!;
      expect(skipped).toMatchObject({ outcome: 'SKIPPED', eligible: false });
      expect(skipped.reasons).toEqual([reason]);
    });
  }

  it('covers a ZIP through a city-wide coverage area', () => {
    const d = decideAssignment(lead, [agent(1, { coverage: [{ zip: null, city: 'portland', state: 'ME' }] })]);
    expect(d.chosenAgentId).toBe(1);
    expect(d.candidates[0]!.checks.find((k) => k.check === 'COVERAGE')!.detail).toBe('Covers portland, ME');
  });
});

describe('decideAssignment: ranking', () => {
  const cases: [string, AssignmentCandidate[], number, RegExp][] = [
    ['higher score wins', [agent(1, { score: 0.4 }), agent(2, { score: 0.9 })], 2, /score 0\.90 beats score 0\.40/],
    ['no score counts as 0', [agent(1, { score: null }), agent(2, { score: 0.1 })], 2, /score 0\.10 beats no score/],
    [
      'same score: fewer open referrals',
      [agent(1, { openReferrals: 5 }), agent(2, { openReferrals: 1 })],
      2,
      /1 open referrals against 5/,
    ],
    ['all equal: the older account', [agent(3), agent(2)], 2, /older account \(agent 2\)/],
  ];
  for (const [what, candidates, winner, why] of cases) {
    it(what, () => {
      const d = decideAssignment(lead, candidates);
      expect(d.chosenAgentId).toBe(winner);
      const chosen = d.candidates.find((c) => c.outcome === 'CHOSEN')!;
      expect(chosen.position).toBe(1);
      expect(chosen.reasons[0]).toMatch(why);
    });
  }

  it('chooses nobody when nobody is eligible, and says so', () => {
    const d = decideAssignment(lead, [agent(1, { status: 'PAUSED' })]);
    expect(d).toMatchObject({ chosenAgentId: null, summary: 'No eligible agent among 1 candidates' });
  });
});

describe('forced assignment', () => {
  it('chooses the forced agent, names who forced it, and shows whom the rule would have chosen', () => {
    const d = decideAssignment(lead, [agent(1, { score: 0.9 }), agent(2, { score: 0.2 })], {
      agentId: 2,
      byName: 'Alex Admin',
    });
    expect(d.mode).toBe('FORCED');
    expect(d.chosenAgentId).toBe(2);
    expect(d.candidates.find((c) => c.agentId === 2)!.reasons).toEqual([
      'Forced by Alex Admin',
      'The rule ranked this agent 2 of 2',
    ]);
    expect(d.candidates.find((c) => c.agentId === 1)!.reasons).toEqual([
      'The rule would have chosen this agent; the assignment was forced',
    ]);
    expect(d.summary).toBe('Forced by Alex Admin to Agent 2; the rule would have chosen Agent 1');
  });

  it('is refused only for DELETED or DEACTIVATED agents and another brokerage', () => {
    expect(forceRefusal({ status: 'DEACTIVATED', brokerageId: 1 }, { brokerageId: 1 })).toBe(
      'The agent cannot take referrals while deactivated',
    );
    expect(forceRefusal({ status: 'ACTIVE', brokerageId: 2 }, { brokerageId: 1 })).toBe(
      "The agent is not with the opportunity's brokerage",
    );
    expect(forceRefusal({ status: 'PAUSED', brokerageId: 1 }, { brokerageId: 1 })).toBeNull();
  });
});

describe('decideAssignment: a window of verdicts', () => {
  // Eligible and skipped mixed, names with accents and cases that a byte order would sort differently.
  const names = ['Émile Zola', 'adam Ant', 'Zoë Baker', 'Ana Álvarez', 'Bob Öberg', 'bob Oberg', 'Çelik Can'];
  const candidates = Array.from({ length: 40 }, (_, i) =>
    agent(i + 1, {
      name: `${names[i % names.length]} ${i % 3}`,
      score: i % 4 === 0 ? null : ((i * 37) % 100) / 100,
      openReferrals: i % 5,
      status: i % 6 === 0 ? 'PAUSED' : 'ACTIVE',
      overdueCount: i % 11 === 0 ? MAX_OVERDUE_REFERRALS : 0,
    }),
  );

  it('writes out the same verdicts as the whole decision at those positions, forced or not', () => {
    for (const forced of [undefined, { agentId: 7, byName: 'Alex Admin' }]) {
      const whole = decideAssignment(lead, candidates, forced);
      expect(whole.candidateCount).toBe(40);
      for (const [offset, limit] of [
        [0, 10],
        [10, 10],
        [35, 10],
        [3, 1],
        [40, 10],
      ] as const) {
        const part = decideAssignment(lead, candidates, forced, { offset, limit });
        expect(part.candidates).toEqual(whole.candidates.slice(offset, offset + limit));
        expect(part).toMatchObject({
          candidateCount: 40,
          chosenAgentId: whole.chosenAgentId,
          summary: whole.summary,
        });
      }
    }
  });

  it('ranks each eligible candidate by its place, and orders the skipped as localeCompare does', () => {
    const d = decideAssignment(lead, candidates);
    const eligible = d.candidates.filter((v) => v.eligible);
    eligible.forEach((v, i) => {
      expect(v.position).toBe(i + 1);
      expect(v.checks.at(-1)!.detail).toMatch(new RegExp(`, rank ${i + 1}$`));
    });
    const skipped = d.candidates.filter((v) => !v.eligible);
    expect(skipped.map((v) => v.agentId)).toEqual(
      [...skipped].sort((a, b) => a.name.localeCompare(b.name) || a.agentId - b.agentId).map((v) => v.agentId),
    );
  });
});
