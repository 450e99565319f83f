import { isProviderUser, notYoursError } from '../../http/ownership.ts';
import type { AuthUser } from '../../http/route.ts';

// Who sees which lender data. Staff see every loan office; a loan-office admin only
// their own office (another office's id is refused with 403); a brokerage admin only what is
// tied to their brokerage: the lender referrals of its opportunities and the officers who hold them.
// The routes' role sets: LENDER_LIST_ROLES, LENDER_DETAIL_ROLES, LENDER_WRITE_ROLES of src/access/roles.ts.

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
  if (user.roles.includes('BROKERAGE_ADMIN') && user.brokerId !== null)
    return { officeId: requestedOffice, brokerageId: user.brokerId };
  // A role the policy admits without an organisation sees nothing rather than everything.
  return { officeId: -1, brokerageId: -1 };
}

/** The office a write goes to: a loan-office admin's own; staff must name one they may see. */
export function assertOfficeWrite(user: AuthUser, officeId: number): void {
  if (isProviderUser(user)) return;
  if (user.loanOfficeId !== null && user.loanOfficeId === officeId) return;
  throw notYoursError();
}
