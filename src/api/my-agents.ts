import { queryOptions } from '@tanstack/react-query';

import { AgentPage as AgentPageSchema, Agent as AgentSchema } from '../contract/agents.ts';
import { BrokerageAgentNote, BrokerageAgentNotePage, MyAgentPage, ResponseTime } from '../contract/my-agents.ts';
import { Questionnaire, type QuestionnaireUpdate } from '../contract/questionnaires.ts';
import { AgentFunnel, AgentReferralPage } from '../contract/referrals.ts';
import { distinctNames } from '../lib/distinct-names.ts';
import { request } from './client.ts';
import { write } from './write.ts';

// The broker admin's agents. The names for filter pickers: the caller's brokerage, by name.

const PICKER_SIZE = 1000; // the server's largest page: every agent of a brokerage in one picker

export const myAgentKeys = {
  all: ['my-agents'] as const,
  names: () => [...myAgentKeys.all, 'names'] as const,
  agent: (id: number) => [...myAgentKeys.all, 'agent', id] as const,
};

export const myAgentNamesQueryOptions = () =>
  queryOptions({
    queryKey: myAgentKeys.names(),
    queryFn: async () => {
      const page = await request('/agents-api/agents', {
        query: { pageIndex: 0, pageSize: PICKER_SIZE, sort: 'name.last,ASC' },
        schema: AgentPageSchema,
      });
      // Two agents of one name are told apart by their email (src/lib/distinct-names.ts).
      const choices = page.content.map((a) => ({ id: a.id, name: a.name.display ?? `Agent ${a.id}`, email: a.email }));
      const labels = distinctNames(choices);
      return choices.map((a) => ({ id: a.id, name: labels.get(a.id) ?? a.name }));
    },
    staleTime: 5 * 60_000,
  });

export interface MyAgentParams {
  pageIndex: number;
  pageSize: number;
  sort: { key: string; desc: boolean };
  name?: string | undefined;
  status?: string | undefined;
}

export const myAgentDetailKeys = {
  list: (p: MyAgentParams) => [...myAgentKeys.all, 'list', p] as const,
  agent: myAgentKeys.agent,
  funnel: (id: number) => [...myAgentKeys.agent(id), 'funnel'] as const,
  referrals: (id: number, p: { pageIndex: number; pageSize: number }) =>
    [...myAgentKeys.agent(id), 'referrals', p] as const,
  responseTime: (id: number) => [...myAgentKeys.agent(id), 'response-time'] as const,
  notes: (id: number) => [...myAgentKeys.agent(id), 'notes'] as const,
};

export const myAgentsQueryOptions = (p: MyAgentParams) =>
  queryOptions({
    queryKey: myAgentDetailKeys.list(p),
    queryFn: () =>
      request('/agents-api/my-agents', {
        query: {
          pageIndex: p.pageIndex,
          pageSize: p.pageSize,
          sort: `${p.sort.key},${p.sort.desc ? 'DESC' : 'ASC'}`,
          name: p.name || undefined,
          status: p.status || undefined,
        },
        schema: MyAgentPage,
      }),
  });

const agentPath = (id: number) => `/agents-api/agents/${id}`;
export const myAgentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: myAgentDetailKeys.agent(id),
    queryFn: () => request(agentPath(id), { schema: AgentSchema }),
  });
export const myAgentFunnelQueryOptions = (id: number) =>
  queryOptions({
    queryKey: myAgentDetailKeys.funnel(id),
    queryFn: () => request(`${agentPath(id)}/funnel`, { schema: AgentFunnel }),
  });
export const myAgentReferralsQueryOptions = (id: number, p: { pageIndex: number; pageSize: number }) =>
  queryOptions({
    queryKey: myAgentDetailKeys.referrals(id, p),
    queryFn: () =>
      request(`${agentPath(id)}/referrals`, { query: { ...p, sort: 'overdue' }, schema: AgentReferralPage }),
  });
export const responseTimeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: myAgentDetailKeys.responseTime(id),
    queryFn: () => request(`/agents-api/performanceMetrics/responseTime/${id}`, { schema: ResponseTime }),
  });
const NOTES_PAGE = 100;
export const brokerageNotesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: myAgentDetailKeys.notes(id),
    queryFn: () =>
      request(`${agentPath(id)}/brokerage-notes`, {
        query: { pageIndex: 0, pageSize: NOTES_PAGE },
        schema: BrokerageAgentNotePage,
      }),
  });
export const addBrokerageNote = (id: number, body: string) =>
  request(`${agentPath(id)}/brokerage-notes`, { method: 'POST', json: { body }, schema: BrokerageAgentNote });

export const questionnaireKey = (id: number) => [...myAgentKeys.agent(id), 'questionnaire'] as const;
export const questionnaireQueryOptions = (id: number) =>
  queryOptions({
    queryKey: questionnaireKey(id),
    queryFn: () => request(`${agentPath(id)}/questionnaire`, { schema: Questionnaire }),
  });
export const saveQuestionnaire = (id: number, body: QuestionnaireUpdate) =>
  request(`${agentPath(id)}/questionnaire`, { method: 'PUT', json: body, schema: Questionnaire });
export const saveQuestionnaireWrite = (id: number) =>
  write(
    (body: QuestionnaireUpdate) => saveQuestionnaire(id, body),
    (client) => ({
      onSuccess: (saved) => {
        client.setQueryData(questionnaireKey(id), saved);
      },
    }),
  );
export const addBrokerageNoteWrite = (id: number) =>
  write(
    (body: string) => addBrokerageNote(id, body),
    (client) => ({ onSuccess: () => client.invalidateQueries({ queryKey: myAgentDetailKeys.notes(id) }) }),
  );
