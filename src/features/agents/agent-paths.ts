import { pathTo } from '../../access/route-table.ts';
import { recordId } from '../../lib/record-params.ts';

/**
 * The agent screens serve two routes each: agents/view/:id (and its referral) and, inside a
 * brokerage, brokerages/view/:id/agent/:agentId (and its referral).
 */
export function agentRouteOf(params: Record<string, string>) {
  const inBrokerage = params['agentId'] !== undefined;
  const checked = recordId(inBrokerage ? params['agentId'] : params['id']);
  const agentId = checked ?? 0;
  const brokerage = recordId(params['id']);
  const brokerageId = inBrokerage ? (brokerage ?? 0) : undefined;
  return {
    agentId,
    brokerageId,
    valid: checked !== undefined && (!inBrokerage || brokerage !== undefined),
    agentPath:
      brokerageId !== undefined
        ? pathTo('brokerage-agent', { id: brokerageId, agentId })
        : pathTo('agent-view', { id: agentId }),
    referralPath: (referralId: number) =>
      brokerageId !== undefined
        ? pathTo('brokerage-agent-referral', { id: brokerageId, agentId, referralId })
        : pathTo('agent-referral', { id: agentId, referralId }),
    brokeragePath: brokerageId !== undefined ? pathTo('brokerage-view', { id: brokerageId }) : undefined,
  };
}
