import { FORCE_BLOCKING_STATUSES } from './assignment-rule.ts';

// Who may take a referral moved by hand: PATCH /agents-api/referrals/:refId/reassign
// refuses with this rule, and the console's agent picker greys out the same agents with the same
// reason, so the two cannot disagree. The order is the server's: the brokerage first, then the
// agent who has it already, then the statuses that block a forced assignment (assignment-rule.ts).

export type ReassignRefusal = 'OTHER_BROKERAGE' | 'SAME_AGENT' | 'DEACTIVATED' | 'DELETED';

export interface ReassignTarget {
  id: number;
  brokerageId: number;
  status: string;
}
export interface ReassignedReferral {
  agentId: number;
  brokerageId: number;
}

/** Why `agent` may not take `referral`, or null when it may. No agent at all counts as another brokerage's. */
export function reassignRefusal(
  referral: ReassignedReferral,
  agent: ReassignTarget | undefined,
): ReassignRefusal | null {
  if (!agent || agent.brokerageId !== referral.brokerageId) return 'OTHER_BROKERAGE';
  if (agent.id === referral.agentId) return 'SAME_AGENT';
  if (FORCE_BLOCKING_STATUSES.includes(agent.status)) return agent.status === 'DELETED' ? 'DELETED' : 'DEACTIVATED';
  return null;
}

/** The picker's short reason beside an agent who may not take the referral. */
export const REASSIGN_REFUSAL_LABELS: Record<ReassignRefusal, string> = {
  OTHER_BROKERAGE: 'Another brokerage',
  SAME_AGENT: 'Already assigned',
  DEACTIVATED: 'Deactivated',
  DELETED: 'Deleted',
};

/** The server's message for each refusal (the console shows it as it comes). */
export const REASSIGN_REFUSAL_MESSAGES: Record<ReassignRefusal, string> = {
  OTHER_BROKERAGE: "The new agent must be an agent of the referral's brokerage",
  SAME_AGENT: 'This referral is already assigned to that agent',
  DEACTIVATED: 'That agent is deactivated and cannot take referrals',
  DELETED: 'That agent is deleted and cannot take referrals',
};
