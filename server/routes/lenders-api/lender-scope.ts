import { isProviderUser, notYoursError } from '../../http/ownership.ts';
import type { AuthUser } from '../../http/route.ts';

// Who sees which lender data. Staff see every loan office; a loan-office admin only
// their own office (another office's id is refused with 403); a brokerage admin only what is
// tied to their brokerage: the lender referrals of its opportunities and the officers who hold them.

/** Spec 1 section 6: my-loan-officers and lender-referrals lists. */
export const LENDER_LIST_ROLES = ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN', 'LOAN_OFFICE_ADMIN'] as const;
/** Spec 1 section 6: my-loan-officers and lender-referrals view/:id. */
export const LENDER_DETAIL_ROLES = ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT', 'LOAN_OFFICE_ADMIN'] as const;
/** Writes: the loan office's admin (staff impersonating it act as that admin) and the staff who may impersonate. */
export const LENDER_WRITE_ROLES = ['ADMIN', 'AGENT_ENGAGEMENT', 'LOAN_OFFICE_ADMIN'] as const;

export interface LenderScope {
  /** Only this office's rows; undefined: every office (staff without a filter). */
  officeId: number | undefined;
  /** Only rows from this brokerage (a brokerage admin). */
  brokerageId: number | undefined;
}

/** The rows a user may see, narrowed by an office id they asked for. */
export function lenderScope(user: AuthUser, requestedOffice?: number): LenderScope {
  if (isProviderUser(user)) return { officeId: requestedOffice, brokerageId: undefined };
  if (user.roles.includes('LOAN_OFFICE_ADMIN') && user.loanOfficeId !== null) {
    if (requestedOffice !== undefined && requestedOffice !== user.loanOfficeId) throw notYoursError();
    return { officeId: user.loanOfficeId, brokerageId: undefined };
  }
  if (user.roles.includes('BROKERAGE_ADMIN') && user.brokerId !== null) return { officeId: requestedOffice, brokerageId: user.brokerId };
  // A role the policy admits without an organisation sees nothing rather than everything.
  return { officeId: -1, brokerageId: -1 };
}

/** The office a write goes to: a loan-office admin's own; staff must name one they may see. */
export function assertOfficeWrite(user: AuthUser, officeId: number): void {
  if (isProviderUser(user)) return;
  if (user.loanOfficeId !== null && user.loanOfficeId === officeId) return;
  throw notYoursError();
}
