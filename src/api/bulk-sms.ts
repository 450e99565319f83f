import { queryOptions } from '@tanstack/react-query';

import {
  SmsJob,
  SmsJobPage,
  SmsJobRecipientPage,
  SmsPreflight,
  type SmsRecipientStatus,
} from '../contract/bulk-sms.ts';
import { request } from './client.ts';
import type { Paging } from './staff.ts';

// Bulk SMS Send: the pre-flight, the send (form-encoded, spec 2), the job and its report.

export interface SmsForm {
  message: string;
  source: 'OPPORTUNITIES' | 'NUMBERS';
  status: string[];
  brokerageId: string;
  createdFrom: string;
  createdTo: string;
  numbers: string;
}

/** The form-encoded body of a pre-flight or send: what the server checks with SmsRequest. */
export const smsFormBody = (f: SmsForm): Record<string, string> =>
  Object.fromEntries(
    Object.entries({
      message: f.message,
      source: f.source,
      ...(f.source === 'OPPORTUNITIES'
        ? { status: f.status.join(','), brokerageId: f.brokerageId, createdFrom: f.createdFrom, createdTo: f.createdTo }
        : { numbers: f.numbers }),
    }).filter(([, v]) => v !== ''),
  ) as Record<string, string>;

export const smsKeys = {
  all: ['bulk-sms'] as const,
  jobs: (p: Paging) => [...smsKeys.all, 'jobs', p] as const,
  history: (p: Paging) => [...smsKeys.all, 'history', p] as const,
  job: (id: number) => [...smsKeys.all, 'job', id] as const,
  recipients: (id: number, status: string, p: Paging) => [...smsKeys.job(id), 'recipients', status, p] as const,
};

export const smsPreflight = (f: SmsForm) =>
  request('/interviews-api/opportunities/sms/preflight', {
    method: 'POST',
    form: smsFormBody(f),
    schema: SmsPreflight,
  });

/** The send: the key is made once per confirmed pre-flight, so a retry or double click sends nothing twice. */
export const sendSms = (f: SmsForm, idempotencyKey: string) =>
  request('/interviews-api/opportunities/sms', {
    method: 'POST',
    form: smsFormBody(f),
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: SmsJob,
  });

export const smsJobQueryOptions = (id: number) =>
  queryOptions({
    queryKey: smsKeys.job(id),
    queryFn: () => request(`/interviews-api/opportunities/sms/jobs/${id}`, { schema: SmsJob }),
    refetchInterval: (q) => (q.state.data?.status === 'RUNNING' ? 1000 : false),
  });

/** One page of a send's report; status '' is every recipient. Polled while the send is running. */
export const smsJobRecipientsQueryOptions = (id: number, status: SmsRecipientStatus | '', p: Paging, running = false) =>
  queryOptions({
    queryKey: smsKeys.recipients(id, status, p),
    queryFn: () =>
      request(`/interviews-api/opportunities/sms/jobs/${id}/recipients`, {
        query: { ...(status ? { status } : {}), pageIndex: p.pageIndex, pageSize: p.pageSize },
        schema: SmsJobRecipientPage,
      }),
    refetchInterval: running ? 1000 : false,
  });

/** The page's history of past sends (every reader; a brokerage admin's own brokerage): GET .../sms/history, newest first. */
export const smsHistoryQueryOptions = (p: Paging) =>
  queryOptions({
    queryKey: smsKeys.history(p),
    queryFn: () =>
      request('/interviews-api/opportunities/sms/history', {
        query: { pageIndex: p.pageIndex, pageSize: p.pageSize },
        schema: SmsJobPage,
      }),
    refetchInterval: (q) => (q.state.data?.content.some((j) => j.status === 'RUNNING') ? 2000 : false),
  });
