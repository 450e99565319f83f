import * as v from 'valibot';

import { Agent as AgentSchema } from './agents.ts';
import { paged } from './common.ts';
import { NoteText } from './note-text.ts';

// My Agents: the brokerage's agents with what a team lead watches, an agent's response
// times, and the brokerage's own notes on an agent.
// GET /agents-api/my-agents, GET /agents-api/performanceMetrics/responseTime/:id,
// GET and POST /agents-api/agents/:id/brokerage-notes.

export const MY_AGENT_SORT_KEYS = ['name', 'score', 'overdue', 'closings', 'status'] as const;

export const MyAgent = v.object({
  ...AgentSchema.entries,
  /** Closed or leased referrals with a sale date in the last 12 months. */
  closings: v.number(),
  /** Average seconds from a referral's arrival to the agent's first response, over referrals received in the last 7 / 30 days. */
  last7ResponseTime: v.nullable(v.number()),
  last30ResponseTime: v.nullable(v.number()),
});
export type MyAgent = v.InferOutput<typeof MyAgent>;
export const MyAgentPage = paged(MyAgent);
export type MyAgentPage = v.InferOutput<typeof MyAgentPage>;

export const ResponseTime = v.object({
  agentId: v.number(),
  last7ResponseTime: v.nullable(v.number()),
  last30ResponseTime: v.nullable(v.number()),
  /** Referrals received in the window, and how many of them have had a first response. */
  last7Received: v.number(),
  last7Responded: v.number(),
  last30Received: v.number(),
  last30Responded: v.number(),
});
export type ResponseTime = v.InferOutput<typeof ResponseTime>;

export const BrokerageAgentNote = v.object({
  id: v.number(),
  agentId: v.number(),
  body: v.string(),
  author: v.object({ id: v.nullable(v.number()), name: v.nullable(v.string()) }),
  created: v.string(),
});
export type BrokerageAgentNote = v.InferOutput<typeof BrokerageAgentNote>;
export const BrokerageAgentNotePage = paged(BrokerageAgentNote);
export const NewBrokerageAgentNote = v.object({ body: NoteText });
