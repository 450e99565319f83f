import { pathTo } from '../../access/route-table.ts';

/**
 * The agent screens serve two routes each: agents/view/:id (and its referral) and, inside a
 * brokerage, brokerages/view/:id/agent/:agentId (and its referral).
 */
export function agentRouteOf(params: Record<string, string>) {
  const inBrokerage = params['agentId'] !== undefined;
  const agentId = Number(inBrokerage ? params['agentId'] : params['id']);
  const brokerageId = inBrokerage ? Number(params['id']) : undefined;
  return {
    agentId,
    valid: Number.isInteger(agentId) && agentId > 0,
    agentPath: brokerageId !== undefined ? pathTo('brokerage-agent', { id: brokerageId, agentId }) : pathTo('agent-view', { id: agentId }),
    referralPath: (referralId: number) => (brokerageId !== undefined
      ? pathTo('brokerage-agent-referral', { id: brokerageId, agentId, referralId })
      : pathTo('agent-referral', { id: agentId, referralId })),
    brokeragePath: brokerageId !== undefined ? pathTo('brokerage-view', { id: brokerageId }) : undefined,
  };
}
