import { describe, expect, it } from 'vitest';

import { AGENT_STATUSES } from '../../src/contract/agents.ts';
import { REASSIGN_REFUSAL_LABELS, reassignRefusal, type ReassignRefusal } from '../../src/lib/reassignment-rule.ts';

// The one rule the reassign route and the console's agent picker share: every status,
// the agent who has the referral already, and another brokerage's agent.

const referral = { agentId: 1, brokerageId: 10 };

describe('reassignRefusal', () => {
  const byStatus: Record<(typeof AGENT_STATUSES)[number], ReassignRefusal | null> = {
    UNSIGNED: null,
    INVITED: null,
    ACTIVE: null,
    PAUSED: null,
    ADMIN_HOLD: null,
    IN_TRAINING: null,
    DEACTIVATED: 'DEACTIVATED',
    DELETED: 'DELETED',
  };
  it.each(AGENT_STATUSES.map((s) => [s, byStatus[s]] as const))(
    'an agent of the brokerage who is %s: %s',
    (status, expected) => {
      expect(reassignRefusal(referral, { id: 2, brokerageId: 10, status })).toBe(expected);
    },
  );

  it('refuses the agent who has it already, before their status', () => {
    expect(reassignRefusal(referral, { id: 1, brokerageId: 10, status: 'DELETED' })).toBe('SAME_AGENT');
  });

  it("refuses another brokerage's agent, or none, before anything else", () => {
    expect(reassignRefusal(referral, { id: 1, brokerageId: 11, status: 'ACTIVE' })).toBe('OTHER_BROKERAGE');
    expect(reassignRefusal(referral, undefined)).toBe('OTHER_BROKERAGE');
  });

  it('has a label for the picker for every refusal', () => {
    expect(REASSIGN_REFUSAL_LABELS).toEqual({
      OTHER_BROKERAGE: 'Another brokerage',
      SAME_AGENT: 'Already assigned',
      DEACTIVATED: 'Deactivated',
      DELETED: 'Deleted',
    });
  });
});
