import * as v from 'valibot';
import { BRAND } from '../../lib/brand.ts';

// Shapes of the staff console calls (issue 5), shared by the console (parsing) and the server (typing).
// Money is in whole cents (fields named ...Cents); times are ISO strings in UTC.

const id = v.number();
const text = v.nullable(v.string());
const time = v.string();

/** A paged answer: `{ content, totalElements }` with `pageIndex` / `pageSize` query parameters. */
export const paged = <S extends v.GenericSchema>(item: S) => v.object({ content: v.array(item), totalElements: v.number() });
export const DeleteResult = v.object({ deleted: v.number() });
export type DeleteResult = v.InferOutput<typeof DeleteResult>;

// ---- Do-not-call list -------------------------------------------------------------------------

export const DNC_TYPES = ['PHONE', 'EMAIL'] as const;
export const DncContact = v.object({
  id, type: v.picklist(DNC_TYPES), value: v.string(), ownerType: v.string(), channel: text, disposition: text,
  blocked: v.boolean(), created: time,
});
export type DncContact = v.InferOutput<typeof DncContact>;
export const DncPage = paged(DncContact);
export type DncPage = v.InferOutput<typeof DncPage>;

/** Spec 1 section 5: local part, @, a domain with a suffix of 2+ letters, or a bracketed IP. */
export const EMAIL_PATTERN = /^[^\s@]+@(?:(?:[^\s@.[\]]+\.)+[a-z]{2,}|\[\d{1,3}(?:\.\d{1,3}){3}\])$/i;

/** Spec 1 section 5: 10 digits (or a plus and 11), separators allowed, the last 10 kept, sent as +1 and the digits. */
export function normalisePhone(raw: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(raw.trim())) return null;
  const digits = raw.replace(/\D/g, '');
  if (digits.length !== 10 && digits.length !== 11) return null;
  return `+1${digits.slice(-10)}`;
}

/** New DNC dialog and POST /interviews-api/DNC: the value is checked and normalised for its type. */
export const NewDncRequest = v.pipe(
  v.object({
    type: v.picklist(DNC_TYPES, 'Type must be PHONE or EMAIL'),
    value: v.pipe(v.string('Value is required'), v.trim(), v.nonEmpty('Value is required'), v.maxLength(254)),
    ownerType: v.optional(v.pipe(v.string(), v.regex(/^[A-Z][A-Z_]{1,39}$/, 'Owner type must be an upper-case code')), BRAND.code),
    channel: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(40))), null),
    disposition: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(120))), null),
    blocked: v.optional(v.boolean(), false),
  }),
  v.forward(v.partialCheck([['type'], ['value']], (i) => i.type !== 'PHONE' || normalisePhone(i.value) !== null, 'Invalid phone number.'), ['value']),
  v.forward(v.partialCheck([['type'], ['value']], (i) => i.type !== 'EMAIL' || EMAIL_PATTERN.test(i.value), 'Invalid e-mail.'), ['value']),
  v.transform((i) => ({ ...i, value: i.type === 'PHONE' ? normalisePhone(i.value) ?? i.value : i.value.toLowerCase() })),
);
export type NewDncRequest = v.InferInput<typeof NewDncRequest>;

// ---- Brokerages, notes, agents ----------------------------------------------------------------

export const PRODUCT_FAMILIES = ['COMBINED', 'PORCHLIGHT', 'LEAD_GENIUS'] as const;
export const BROKERAGE_STATUSES = ['ACTIVE', 'PAUSED', 'HIDDEN'] as const;
export const AGENT_STATUSES = ['UNSIGNED', 'INVITED', 'ACTIVE', 'PAUSED', 'DEACTIVATED', 'ADMIN_HOLD', 'IN_TRAINING', 'DELETED'] as const;

const brokerageEntries = {
  id, name: v.string(), status: v.string(), product: v.array(v.object({ productFamily: v.string() })),
  email: text, phone: text, city: text, state: text, created: time,
};
export const BrokerageSummary = v.object({ ...brokerageEntries, agentCount: v.number() });
export type BrokerageSummary = v.InferOutput<typeof BrokerageSummary>;
export const BrokeragePage = paged(BrokerageSummary);
export const BrokerageDetail = v.object({
  ...brokerageEntries, quarterlyCap: v.number(), boost: v.object({ enabled: v.boolean(), boostPercentage: v.number() }),
});
export type BrokerageDetail = v.InferOutput<typeof BrokerageDetail>;
export const BrokerageName = v.object({ id, name: v.string() });
export type BrokerageName = v.InferOutput<typeof BrokerageName>;

const noteEntries = { id, body: v.string(), author: v.object({ id: v.nullable(id), name: text }), created: time };
export const BrokerNote = v.object({ ...noteEntries, brokerageId: id });
export type BrokerNote = v.InferOutput<typeof BrokerNote>;
export const AgentNote = v.object({ ...noteEntries, agentId: id });
export type AgentNote = v.InferOutput<typeof AgentNote>;
export const OpportunityNote = v.object({ ...noteEntries, opportunityId: id });
export type OpportunityNote = v.InferOutput<typeof OpportunityNote>;

export const Referral = v.object({
  id, agentId: id, agentName: text, brokerageId: id, opportunityId: v.nullable(id), product: v.string(),
  type: v.string(), stage: v.string(),
  prospect: v.object({ name: v.object({ first: text, last: text }), phone: text, email: text }),
  priceCents: v.nullable(v.number()),
  details: v.object({ referralSale: v.object({ dateOfSale: text, salePriceCents: v.nullable(v.number()) }) }),
  removalReason: text, overdue: v.boolean(), daysOverdue: v.number(), created: time, updated: time,
});
export type Referral = v.InferOutput<typeof Referral>;
export const ReferralPage = paged(Referral);
export const ReferralEvent = v.object({
  id, referralId: id, type: v.string(), fromStage: text, toStage: text, detail: text, actorUserId: v.nullable(id), created: time,
});
export type ReferralEvent = v.InferOutput<typeof ReferralEvent>;

export const AdminHoldReason = v.object({ id, name: v.string(), active: v.boolean() });
export type AdminHoldReason = v.InferOutput<typeof AdminHoldReason>;
export const AgentAdminHolds = v.object({
  agentId: id, status: v.string(),
  holds: v.array(v.object({ reasonId: id, name: v.string(), createdBy: v.nullable(id), created: time })),
});
export type AgentAdminHolds = v.InferOutput<typeof AgentAdminHolds>;
export const CoverageArea = v.object({ id, agentId: id, zip: text, city: text, state: text, created: time });
export type CoverageArea = v.InferOutput<typeof CoverageArea>;

// ---- Lenders ----------------------------------------------------------------------------------

export const LoanOfficeSummary = v.object({ id, name: v.string(), status: v.string(), email: text, phone: text, loanOfficerCount: v.number(), created: time });
export type LoanOfficeSummary = v.InferOutput<typeof LoanOfficeSummary>;
export const LoanOfficer = v.object({
  id, loanOfficeId: id, loanOfficeName: v.string(), firstName: v.string(), lastName: v.string(),
  email: text, phone: text, nmls: text, created: time,
});
export type LoanOfficer = v.InferOutput<typeof LoanOfficer>;

// ---- Opportunities ----------------------------------------------------------------------------

export const OPPORTUNITY_STATUSES = [
  'CONTACT_NOT_ESTABLISHED', 'CONTACT_ESTABLISHED', 'ASSIGNED_TO_AGENT', 'CLOSED', 'REMOVED_ASSIGNMENT_TO_AGENT',
  'DO_NOT_CONTACT', 'UNSERVICEABLE', 'UNQUALIFIED', 'FUTURE_INTEREST', 'NO_AGENT_ACCEPT', 'TRANSFER_INCOMPLETE',
  'IN_PRIORITY_NURTURE', 'TRANSFERRED_TO_IBUYER', 'TRANSFERRED_TO_LENDER', 'TRANSFERRED_TO_LENDER_INCOMPLETE',
] as const;
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES)[number];

export const Opportunity = v.object({
  id, brokerageId: id, brokerageName: v.string(), agentId: v.nullable(id), agentName: text,
  product: v.string(), leadType: v.string(), type: v.string(), clientType: text, status: v.string(),
  contact: v.object({ nameFirst: text, nameLast: text, phoneNumber: text, emailAddress: text }),
  cosignerFirstName: text, cosignerLastName: text, phoneCount: v.number(), smsCount: v.number(),
  referringWebsite: text, cleanReferringWebsite: text, responded: v.boolean(), qualified: v.boolean(),
  created: time, assignedAt: v.nullable(time), updated: time,
});
export type Opportunity = v.InferOutput<typeof Opportunity>;
export const OpportunityPage = paged(Opportunity);
export const ForceAssignmentResult = v.object({ opportunity: Opportunity, referral: Referral });
export type ForceAssignmentResult = v.InferOutput<typeof ForceAssignmentResult>;

export const Disposition = v.object({ id, category: v.string(), name: v.string() });
export type Disposition = v.InferOutput<typeof Disposition>;
export const Interaction = v.object({
  id, opportunityId: id, type: v.string(), direction: v.string(), disposition: v.nullable(Disposition),
  userId: v.nullable(id), durationSeconds: v.nullable(v.number()), summary: text, created: time,
});
export type Interaction = v.InferOutput<typeof Interaction>;

// ---- Users and the impersonation audit ---------------------------------------------------------

export const UserSummary = v.object({
  id, email: text, phone: text, firstName: text, lastName: text,
  roles: v.array(v.object({ id, name: v.string(), type: v.string() })),
  brokerId: v.nullable(id), loanOfficeId: v.nullable(id), agentId: v.nullable(id), status: v.string(),
  psiLastLogin: v.nullable(time), created: time,
});
export type UserSummary = v.InferOutput<typeof UserSummary>;
export const UserPage = paged(UserSummary);

const AuditUser = v.nullable(v.object({ id, name: text, email: text }));
export const AuditRow = v.object({ id, actor: AuditUser, asUser: AuditUser, action: v.string(), detail: text, created: time });
export type AuditRow = v.InferOutput<typeof AuditRow>;
/** Impersonated requests of one actor as one user, with no gap longer than 30 minutes. */
export const ImpersonationSession = v.object({ actor: AuditUser, asUser: AuditUser, started: time, ended: time, requests: v.number() });
export type ImpersonationSession = v.InferOutput<typeof ImpersonationSession>;
