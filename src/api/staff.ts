import { queryOptions } from '@tanstack/react-query';
import type * as v from 'valibot';

import { paged } from '../contract/common.ts';
import { AuditRow, ImpersonationSession, UserPage } from '../contract/users.ts';
import { ApiError, request, type RequestOptions } from './client.ts';

// Shared pieces of the staff console's API modules: CSV exports, server messages, paging, the
// impersonation lookup and the impersonation audit.

export interface Paging {
  pageIndex: number;
  pageSize: number;
}
export type QueryValues = NonNullable<RequestOptions<undefined>['query']>;

/** The whole filtered result of an export endpoint as CSV text (the server streams it). */
export async function fetchCsv(path: string, query: QueryValues): Promise<string> {
  const body = await request(path, { query, headers: { Accept: 'text/csv' } });
  if (typeof body !== 'string') throw new ApiError(0, `Unexpected answer from ${path}`);
  return body;
}

/** `sort=key,ASC|DESC` for the server. */
export const sortParam = (sort: { key: string; desc: boolean }) => `${sort.key},${sort.desc ? 'DESC' : 'ASC'}`;

/** The server's own message for a refused call (docs/spec/DECISIONS.md: the console shows `message`), else the fallback. */
export function serverMessage(err: unknown, fallback = 'An error occurred please try again.'): string {
  if (
    err instanceof ApiError &&
    !err.network &&
    err.status >= 400 &&
    err.message &&
    !err.message.startsWith('Unexpected answer')
  ) {
    return err.message;
  }
  return fallback;
}

// ---- Impersonation: the target's active administrator --------------------------------------------

export type ImpersonationKind = 'brokerage' | 'loanOffice';

/** An active BROKERAGE_ADMIN of a brokerage, or LOAN_OFFICE_ADMIN of a loan office; null when there is none. */
export async function findActiveAdmin(kind: ImpersonationKind, id: number) {
  const page = await request('/users-api/users', {
    query:
      kind === 'brokerage'
        ? { brokerId: id, role: 'BROKERAGE_ADMIN', status: 'ACTIVE', pageIndex: 0, pageSize: 1 }
        : { loanOfficeId: id, role: 'LOAN_OFFICE_ADMIN', status: 'ACTIVE', pageIndex: 0, pageSize: 1 },
    schema: UserPage,
  });
  return page.content[0] ?? null;
}

// ---- Impersonation audit (ADMIN) ---------------------------------------------------------------

export const auditKeys = {
  all: ['impersonation-audit'] as const,
  sessions: (p: Paging) => [...auditKeys.all, 'sessions', p] as const,
  requests: (p: Paging) => [...auditKeys.all, 'requests', p] as const,
};
const SessionPage = paged(ImpersonationSession);
const AuditPage = paged(AuditRow);
export type SessionPage = v.InferOutput<typeof SessionPage>;

export const auditSessionsQueryOptions = (p: Paging) =>
  queryOptions({
    queryKey: auditKeys.sessions(p),
    queryFn: () => request('/users-api/impersonation-audit/sessions', { query: { ...p }, schema: SessionPage }),
  });
export const auditRequestsQueryOptions = (p: Paging) =>
  queryOptions({
    queryKey: auditKeys.requests(p),
    queryFn: () => request('/users-api/impersonation-audit', { query: { ...p }, schema: AuditPage }),
  });
