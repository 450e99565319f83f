import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';

import {
  AdminHoldReason,
  Agent,
  AgentAdminHolds,
  AgentNote,
  AgentPage,
  CoverageArea,
  type AdminHoldBody,
  type NewCoverageArea,
} from '../contract/agents.ts';
import { paged } from '../contract/common.ts';
import {
  AgentFunnel,
  AgentReferralDetail,
  AgentReferralPage,
  ReferralEventPage,
  ReferralNote,
  ReferralNotePage,
} from '../contract/referrals.ts';
import { request } from './client.ts';
import { fetchCsv, sortParam, type Paging } from './staff.ts';
import { write } from './write.ts';

// Agents for the staff console (spec 2 section 7): the list, one agent with its funnel, referrals,
// notes, admin hold and coverage areas, and one referral with its events and notes.

export interface AgentFilter {
  name: string;
  status: string;
  brokerageId?: number | undefined;
}
export type AgentListParams = Paging & AgentFilter & { sort: { key: string; desc: boolean } };

export const staffAgentKeys = {
  all: ['staff-agents'] as const,
  lists: () => [...staffAgentKeys.all, 'list'] as const,
  list: (p: AgentListParams) => [...staffAgentKeys.lists(), p] as const,
  detail: (id: number) => [...staffAgentKeys.all, 'detail', id] as const,
  funnel: (id: number) => [...staffAgentKeys.detail(id), 'funnel'] as const,
  referrals: (id: number, p: Paging) => [...staffAgentKeys.detail(id), 'referrals', p] as const,
  referral: (id: number, refId: number) => [...staffAgentKeys.detail(id), 'referral', refId] as const,
  notes: (id: number) => [...staffAgentKeys.detail(id), 'notes'] as const,
  holds: (id: number) => [...staffAgentKeys.detail(id), 'holds'] as const,
  coverage: (id: number) => [...staffAgentKeys.detail(id), 'coverage'] as const,
  holdReasons: () => [...staffAgentKeys.all, 'hold-reasons'] as const,
};

const filterQuery = (f: AgentFilter) => ({
  name: f.name || undefined,
  status: f.status || undefined,
  brokerageId: f.brokerageId,
});

export const agentsQueryOptions = (p: AgentListParams) =>
  queryOptions({
    queryKey: staffAgentKeys.list(p),
    queryFn: () =>
      request('/agents-api/agents', {
        query: { pageIndex: p.pageIndex, pageSize: p.pageSize, sort: sortParam(p.sort), ...filterQuery(p) },
        schema: AgentPage,
      }),
  });
export const exportAgents = (f: AgentFilter) => fetchCsv('/agents-api/agents/export.csv', filterQuery(f));

const agentPath = (id: number) => `/agents-api/agents/${id}`;
export const staffAgentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: staffAgentKeys.detail(id),
    queryFn: () => request(agentPath(id), { schema: Agent }),
  });
export const agentFunnelQueryOptions = (id: number) =>
  queryOptions({
    queryKey: staffAgentKeys.funnel(id),
    queryFn: () => request(`${agentPath(id)}/funnel`, { schema: AgentFunnel }),
  });
export const agentReferralsQueryOptions = (id: number, p: Paging) =>
  queryOptions({
    queryKey: staffAgentKeys.referrals(id, p),
    queryFn: () =>
      request(`${agentPath(id)}/referrals`, { query: { ...p, sort: 'updated,DESC' }, schema: AgentReferralPage }),
  });

const REFERRAL_HISTORY = 100; // a referral's events and notes on one page
export const agentReferralQueryOptions = (id: number, refId: number) =>
  queryOptions({
    queryKey: staffAgentKeys.referral(id, refId),
    queryFn: async () => {
      const base = `${agentPath(id)}/referrals/${refId}`;
      const page = { pageIndex: 0, pageSize: REFERRAL_HISTORY };
      const [referral, events, notes] = await Promise.all([
        request(base, { schema: AgentReferralDetail }),
        request(`${base}/events`, { query: page, schema: ReferralEventPage }),
        request(`${base}/notes`, { query: page, schema: ReferralNotePage }),
      ]);
      return { referral, events: events.content, notes: notes.content };
    },
  });

/** A note on the agent's referral by staff: not the agent's follow-up, so it leaves the overdue figures. */
export const addAgentReferralNote = (id: number, refId: number, text: string) =>
  request(`${agentPath(id)}/referrals/${refId}/notes`, { method: 'POST', json: { text }, schema: ReferralNote });
export const addAgentReferralNoteWrite = (id: number, refId: number) =>
  write(
    (text: string) => addAgentReferralNote(id, refId, text),
    (client) => ({ onSuccess: () => client.invalidateQueries({ queryKey: staffAgentKeys.referral(id, refId) }) }),
  );

const NOTES_PAGE = 100;
export const agentNotesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: staffAgentKeys.notes(id),
    queryFn: () =>
      request(`${agentPath(id)}/notes`, { query: { pageIndex: 0, pageSize: NOTES_PAGE }, schema: paged(AgentNote) }),
  });
export const addAgentNote = (id: number, body: string) =>
  request(`${agentPath(id)}/notes`, { method: 'POST', json: { body }, schema: AgentNote });

export const agentHoldsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: staffAgentKeys.holds(id),
    queryFn: () => request(`${agentPath(id)}/adminHoldReason`, { schema: AgentAdminHolds }),
  });
export const holdReasonsQueryOptions = () =>
  queryOptions({
    queryKey: staffAgentKeys.holdReasons(),
    queryFn: () => request('/agents-api/adminHoldReasons', { schema: v.array(AdminHoldReason) }),
    staleTime: 10 * 60_000,
  });
export const addAdminHold = (id: number, reasonId: number) =>
  request(`${agentPath(id)}/adminHoldReason`, {
    method: 'POST',
    json: { reasonId } satisfies AdminHoldBody,
    schema: AgentAdminHolds,
  });
export const removeAdminHold = (id: number, reasonId: number) =>
  request(`${agentPath(id)}/adminHoldReason/${reasonId}`, { method: 'DELETE', schema: AgentAdminHolds });
/** Adds or lifts a hold: the answer is the agent's holds; the agent's status follows them; a refusal may come from holds changed meanwhile. */
export const changeAdminHoldWrite = (id: number) =>
  write(
    (c: { add: boolean; reasonId: number }) => (c.add ? addAdminHold(id, c.reasonId) : removeAdminHold(id, c.reasonId)),
    (client) => ({
      onSuccess: (updated) => {
        client.setQueryData(staffAgentKeys.holds(id), updated);
      },
      onSettled: (_data, err) =>
        Promise.all([
          client.invalidateQueries({ queryKey: staffAgentKeys.detail(id), exact: true }),
          err ? client.invalidateQueries({ queryKey: staffAgentKeys.holds(id), exact: true }) : undefined,
          err ? client.invalidateQueries({ queryKey: staffAgentKeys.holdReasons(), exact: true }) : undefined,
        ]),
    }),
  );

export const coverageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: staffAgentKeys.coverage(id),
    queryFn: () => request(`${agentPath(id)}/coverageAreas`, { schema: v.array(CoverageArea) }),
  });
const addCoverageArea = (id: number, area: NewCoverageArea) =>
  request(`${agentPath(id)}/coverageAreas`, { method: 'POST', json: area, schema: CoverageArea });
export const removeCoverageArea = (id: number, areaId: number) =>
  request(`${agentPath(id)}/coverageAreas/${areaId}`, { method: 'DELETE' });
const refreshCoverage = (id: number) => (client: QueryClient) => ({
  onSettled: () => client.invalidateQueries({ queryKey: staffAgentKeys.coverage(id) }),
});
export const addCoverageZipWrite = (id: number) =>
  write((zip: string) => addCoverageArea(id, { zip }), refreshCoverage(id));
export const removeCoverageAreaWrite = (id: number) =>
  write((area: CoverageArea) => removeCoverageArea(id, area.id), refreshCoverage(id));
/** Undo of a removal: the same ZIP, or the same city and state, added again (as a new area). */
export const restoreCoverageAreaWrite = (id: number) =>
  write(
    (area: CoverageArea) =>
      addCoverageArea(id, area.zip !== null ? { zip: area.zip } : { city: area.city ?? '', state: area.state ?? '' }),
    refreshCoverage(id),
  );
export const addAgentNoteWrite = (id: number) =>
  write(
    (body: string) => addAgentNote(id, body),
    (client) => ({ onSuccess: () => client.invalidateQueries({ queryKey: staffAgentKeys.notes(id) }) }),
  );
