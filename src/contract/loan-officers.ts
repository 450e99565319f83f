import * as v from 'valibot';

import { isEmail, isValidPhone } from '../lib/validation.ts';
import { paged } from './common.ts';
import { LoanOfficer } from './lenders.ts';
import { EMAIL_MAX, PHONE_TEXT_MAX } from './limits.ts';
import { personNamePart } from './person-name.ts';

// /lenders-api/loan-officers (spec 2 section 7): the list (default sort lastName,ASC), one officer,
// adding one, and (de)activating one. Shared by the console (parsing) and the server (typing, input).

export const LOAN_OFFICER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type LoanOfficerStatus = (typeof LOAN_OFFICER_STATUSES)[number];

/** Referral counts of one officer (for a broker admin: only the referrals from their brokerage). */
export const OfficerFigures = v.object({
  referrals: v.number(),
  open: v.number(),
  closed: v.number(),
  lastReceived: v.nullable(v.string()),
});
export type OfficerFigures = v.InferOutput<typeof OfficerFigures>;

export const LoanOfficerRow = v.object({
  ...LoanOfficer.entries,
  status: v.picklist(LOAN_OFFICER_STATUSES),
  figures: OfficerFigures,
});
export type LoanOfficerRow = v.InferOutput<typeof LoanOfficerRow>;
export const LoanOfficerPage = paged(LoanOfficerRow);

export const LoanOfficerDetail = v.object({
  ...LoanOfficerRow.entries,
  deactivated: v.nullable(v.string()),
  /** Hours from receipt to first contact, median over the officer's referrals (null: none contacted). */
  medianHoursToContact: v.nullable(v.number()),
  /** Closed loans over referrals decided (closed or lost); null while none is decided. */
  conversionRate: v.nullable(v.number()),
});
export type LoanOfficerDetail = v.InferOutput<typeof LoanOfficerDetail>;

const name = personNamePart;

/** The fields a loan officer is added and edited with (spec 1 section 5 validation). */
const OFFICER_FIELDS = {
  firstName: name('First name'),
  lastName: name('Last name'),
  email: v.pipe(
    v.string('Email is required'),
    v.trim(),
    v.toLowerCase(),
    v.nonEmpty('Email is required'),
    v.maxLength(EMAIL_MAX, 'Invalid e-mail.'),
    v.check(isEmail, 'Invalid e-mail.'),
  ),
  phone: v.pipe(
    v.string('Phone number is required'),
    v.trim(),
    v.nonEmpty('Phone number is required'),
    v.maxLength(PHONE_TEXT_MAX, 'Invalid phone number.'),
    v.check(isValidPhone, 'Invalid phone number.'),
  ),
  // NMLS unique identifiers are 1 to 12 digits (the NMLS Consumer Access ids run to 7 today).
  nmls: v.pipe(
    v.string('NMLS ID is required'),
    v.trim(),
    v.nonEmpty('NMLS ID is required'),
    v.regex(/^\d{1,12}$/, 'NMLS ID must be 1 to 12 digits'),
  ),
};

/** POST /lenders-api/loan-officers. Phone is posted as +1 and ten digits (spec 1 section 5). */
export const NewLoanOfficer = v.object({
  loanOfficeId: v.optional(v.pipe(v.number('must be a number'), v.integer(), v.minValue(1))),
  ...OFFICER_FIELDS,
});
export type NewLoanOfficer = v.InferInput<typeof NewLoanOfficer>;

/** PUT /lenders-api/loan-officers/{id}: the officer's name, email, phone and NMLS ID, all required, same rules as adding. */
export const LoanOfficerEdit = v.object(OFFICER_FIELDS);
export type LoanOfficerEdit = v.InferInput<typeof LoanOfficerEdit>;

/** PUT /lenders-api/loan-officers/{id}/status. */
export const LoanOfficerStatusChange = v.object({
  status: v.picklist(LOAN_OFFICER_STATUSES, 'status must be ACTIVE or INACTIVE'),
});
