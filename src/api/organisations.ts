import { request } from './client.ts';
import { Brokerage } from '../contract/brokerages.ts';
import { LoanOffice } from '../contract/lenders.ts';

export const fetchBrokerage = (id: number) => request(`/agents-api/brokerages/${id}`, { schema: Brokerage });
export const fetchLoanOffice = (id: number) => request(`/lenders-api/loan-offices/${id}`, { schema: LoanOffice });

/** LeadGenius (IRIS) is on for the COMBINED and LEAD_GENIUS product families. */
export const hasLeadGenius = (b: Pick<Brokerage, 'product'> | null | undefined) =>
  !!b?.product.some((p) => p.productFamily === 'COMBINED' || p.productFamily === 'LEAD_GENIUS');
