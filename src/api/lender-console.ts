import { queryOptions, type QueryClient } from '@tanstack/react-query';

import { LenderOverview } from '../contract/lender-overview.ts';
import {
  LenderReferralDetail,
  LenderReferralNote,
  LenderReferralPage,
  type LenderStatusChange,
} from '../contract/lender-referrals.ts';
import {
  LoanOfficerDetail,
  LoanOfficerPage,
  type LoanOfficerEdit,
  type LoanOfficerStatus,
  type NewLoanOfficer,
} from '../contract/loan-officers.ts';
import type { LenderStep } from '../lib/lender-steps.ts';
import { request } from './client.ts';
import { fetchCsv, sortParam, type Paging } from './staff.ts';
import { write } from './write.ts';

// The lender's console: the office overview, My Loan Officers and lender referrals.
// Every key starts with ['lender-console'], the overview's with ['lender-console', officeId], so
// the overview can tell when its figures were last fetched and a write can refresh them.

export interface OfficerListParams extends Paging {
  sort: { key: string; desc: boolean };
  name: string;
  status: '' | LoanOfficerStatus;
}
export interface ReferralListParams extends Paging {
  sort: { key: string; desc: boolean };
  name: string;
  status: '' | LenderStep | 'OPEN';
  officer: string;
  /** Staff: one loan office's referrals ('' for every office). */
  office?: string;
  /** Received on or after this day (YYYY-MM-DD; '' for any day): the overview's 12-month figures. */
  receivedFrom?: string;
}

export const lenderConsoleKeys = {
  all: ['lender-console'] as const,
  office: (officeId: number) => [...lenderConsoleKeys.all, officeId] as const,
  overview: (officeId: number) => [...lenderConsoleKeys.office(officeId), 'overview'] as const,
  officers: () => [...lenderConsoleKeys.all, 'officers'] as const,
  officerList: (p: OfficerListParams) => [...lenderConsoleKeys.officers(), 'list', p] as const,
  officer: (id: number) => [...lenderConsoleKeys.officers(), 'detail', id] as const,
  referrals: () => [...lenderConsoleKeys.all, 'referrals'] as const,
  referralList: (p: ReferralListParams) => [...lenderConsoleKeys.referrals(), 'list', p] as const,
  referral: (id: number) => [...lenderConsoleKeys.referrals(), 'detail', id] as const,
};

export const lenderOverviewQueryOptions = (officeId: number) =>
  queryOptions({
    queryKey: lenderConsoleKeys.overview(officeId),
    queryFn: () => request(`/lenders-api/loan-offices/${officeId}/stats`, { schema: LenderOverview }),
    // The persisted figures show at once (offline too) and are fetched again on every visit.
    staleTime: 0,
  });

export type OfficerFilter = Pick<OfficerListParams, 'name' | 'status'>;
const officerFilterQuery = (f: OfficerFilter) => ({ name: f.name || undefined, status: f.status || undefined });

export const loanOfficerListQueryOptions = (p: OfficerListParams) =>
  queryOptions({
    queryKey: lenderConsoleKeys.officerList(p),
    queryFn: () =>
      request('/lenders-api/loan-officers', {
        query: { pageIndex: p.pageIndex, pageSize: p.pageSize, sort: sortParam(p.sort), ...officerFilterQuery(p) },
        schema: LoanOfficerPage,
      }),
  });

/** The filtered officers as CSV (the list's search and status). */
export const exportLoanOfficers = (f: OfficerFilter) =>
  fetchCsv('/lenders-api/loan-officers/export.csv', officerFilterQuery(f));

/** Every active officer of the office, for the assign control (an office has tens, not thousands). */
export const activeOfficersQueryOptions = () =>
  queryOptions({
    queryKey: [...lenderConsoleKeys.officers(), 'active'] as const,
    queryFn: () =>
      request('/lenders-api/loan-officers', { query: { pageSize: 1000, status: 'ACTIVE' }, schema: LoanOfficerPage }),
  });

export const loanOfficerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: lenderConsoleKeys.officer(id),
    queryFn: () => request(`/lenders-api/loan-officers/${id}`, { schema: LoanOfficerDetail }),
  });

export const createLoanOfficer = (body: NewLoanOfficer) =>
  request('/lenders-api/loan-officers', { method: 'POST', json: body, schema: LoanOfficerDetail });

export const editLoanOfficer = (id: number, body: LoanOfficerEdit) =>
  request(`/lenders-api/loan-officers/${id}`, { method: 'PUT', json: body, schema: LoanOfficerDetail });

export const setLoanOfficerStatus = (id: number, status: LoanOfficerStatus) =>
  request(`/lenders-api/loan-officers/${id}/status`, { method: 'PUT', json: { status }, schema: LoanOfficerDetail });

const REFERRALS = '/lenders-match-api/lender-assignments';

export type ReferralFilter = Pick<ReferralListParams, 'name' | 'status' | 'officer' | 'office' | 'receivedFrom'>;
const referralFilterQuery = (f: ReferralFilter) => ({
  name: f.name || undefined,
  receivedFrom: f.receivedFrom || undefined,
  status: f.status || undefined,
  loanOfficeId: f.office || undefined,
  ...(f.officer === 'none' ? { unassigned: 'true' } : f.officer ? { loanOfficerId: f.officer } : {}),
});

export const lenderReferralListQueryOptions = (p: ReferralListParams) =>
  queryOptions({
    queryKey: lenderConsoleKeys.referralList(p),
    queryFn: () =>
      request(REFERRALS, {
        query: { pageIndex: p.pageIndex, pageSize: p.pageSize, sort: sortParam(p.sort), ...referralFilterQuery(p) },
        schema: LenderReferralPage,
      }),
  });

/** The filtered referrals as CSV (the list's search, step, loan officer and, for staff, office). */
export const exportLenderReferrals = (f: ReferralFilter) => fetchCsv(`${REFERRALS}/export.csv`, referralFilterQuery(f));

/** The referrals one officer holds (the officer view). */
export const officerReferralsQueryOptions = (officerId: number, p: Paging) =>
  queryOptions({
    queryKey: [...lenderConsoleKeys.referrals(), 'officer', officerId, p] as const,
    queryFn: () => request(REFERRALS, { query: { ...p, loanOfficerId: officerId }, schema: LenderReferralPage }),
  });

export const lenderReferralQueryOptions = (id: number) =>
  queryOptions({
    queryKey: lenderConsoleKeys.referral(id),
    queryFn: () => request(`${REFERRALS}/${id}`, { schema: LenderReferralDetail }),
  });

export const assignLoanOfficer = (id: number, loanOfficerId: number | null) =>
  request(`${REFERRALS}/${id}/loan-officer`, { method: 'PUT', json: { loanOfficerId }, schema: LenderReferralDetail });

export const moveLenderStep = (id: number, body: LenderStatusChange) =>
  request(`${REFERRALS}/${id}/status`, { method: 'PUT', json: body, schema: LenderReferralDetail });

export const addLenderReferralNote = (id: number, body: string) =>
  request(`${REFERRALS}/${id}/notes`, { method: 'POST', json: { body }, schema: LenderReferralNote });

/**
 * After a lender write: every lender list and figure is stale, and the overview is fetched again
 * at once even while not on screen, so the persisted cache (what an offline start shows) holds
 * the new counts rather than the ones from before the write.
 */
export async function refreshLenderData(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: lenderConsoleKeys.all });
  await client.refetchQueries({ queryKey: lenderConsoleKeys.all, predicate: (q) => q.queryKey[2] === 'overview' });
}

// The loan officers' writes: the officer's page shows the answer at once; the lender's lists and overview are read again.
export const createLoanOfficerWrite = write(createLoanOfficer, (client) => ({
  onSuccess: () => {
    void refreshLenderData(client);
  },
}));
const savedOfficer = (client: QueryClient) => ({
  onSuccess: (o: LoanOfficerDetail) => {
    client.setQueryData(lenderConsoleKeys.officer(o.id), o);
    void refreshLenderData(client);
  },
});
export const editLoanOfficerWrite = (id: number) =>
  write((body: LoanOfficerEdit) => editLoanOfficer(id, body), savedOfficer);
export const setLoanOfficerStatusWrite = (id: number) =>
  write((status: LoanOfficerStatus) => setLoanOfficerStatus(id, status), savedOfficer);

// A referral's writes: its page shows the answer at once; the lender's lists and overview are read again.
const savedReferral = (client: QueryClient) => ({
  onSuccess: (r: LenderReferralDetail) => {
    client.setQueryData(lenderConsoleKeys.referral(r.id), r);
    void refreshLenderData(client);
  },
});
export const assignLoanOfficerWrite = (id: number) =>
  write((officer: number | null) => assignLoanOfficer(id, officer), savedReferral);
export const moveLenderStepWrite = (id: number) =>
  write((body: LenderStatusChange) => moveLenderStep(id, body), savedReferral);
export const addLenderReferralNoteWrite = (id: number) =>
  write(
    (body: string) => addLenderReferralNote(id, body),
    (client) => ({ onSuccess: () => client.invalidateQueries({ queryKey: lenderConsoleKeys.referral(id) }) }),
  );
/** The list's Activate / Deactivate: the officer given turns the other way; the lender's lists and overview are read again. */
export const toggleLoanOfficerWrite = write(
  (o: { id: number; status: LoanOfficerStatus }) =>
    setLoanOfficerStatus(o.id, o.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE'),
  (client) => ({
    onSuccess: () => {
      void refreshLenderData(client);
    },
  }),
);
