import { prettify, PRODUCT_FAMILY_LABELS } from '../lib/format.ts';
import { OPPORTUNITY_STATUS_WORDS } from '../lib/opportunity-status.ts';
import { REFERRAL_STAGES, REFERRAL_TYPES, STAGE_LABELS } from '../lib/referral-stages.ts';
import { ASSIGNMENT_MODES } from './agent-assignments.ts';
import { NOTICE_CHANNELS, NOTICE_KINDS } from './agent-message-preferences.ts';
import { NOTIFICATION_TYPE_LABELS } from './agent-notifications.ts';
import { SUPPORT_CASE_STATUSES } from './agent-support.ts';
import { AGENT_STATUSES } from './agents.ts';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_PRIORITIES, ANNOUNCEMENT_STATUSES } from './announcements.ts';
import { FOLLOWUP_TYPES, REFERRAL_CATEGORIES } from './broker-referrals.ts';
import { ADMIN_STATUSES, INVITE_STATES } from './brokerage-admins.ts';
import { BROKERAGE_STATUSES, PRODUCT_FAMILIES } from './brokerages.ts';
import { SMS_RECIPIENT_STATUSES, SMS_SUPPRESSIONS } from './bulk-sms.ts';
import { TASK_CHANNELS, TASK_STATUSES } from './contact-center.ts';
import { USAGE_TYPES } from './content-items.ts';
import { EMAIL_TEMPLATES, TEMPLATE_IDS } from './email-settings.ts';
import {
  DNC_CHANNELS,
  DNC_TYPES,
  INTERACTION_DIRECTION_LABELS,
  INTERACTION_DIRECTIONS,
  INTERACTION_TYPE_LABELS,
  INTERACTION_TYPES,
  OPPORTUNITY_STATUSES,
} from './interviews.ts';
import { LOAN_OFFICER_STATUSES } from './loan-officers.ts';
import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_CHANNELS,
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  MESSAGE_STATUS_LABELS,
  MESSAGE_STATUSES,
} from './messages.ts';
import { NOTIFICATION_TYPES } from './notifications.ts';
import { PARTNER_TYPES } from './partners.ts';
import {
  POTENTIAL_AGENT_LIST_STATUSES,
  POTENTIAL_AGENT_STATUS_LABELS,
  POTENTIAL_AGENT_STATUSES,
} from './potential-agents.ts';
import { QA_STATUS_FILTERS, QA_STATUSES } from './qa-review.ts';
import { WORKFLOW_TASK_STATUSES } from './workflow.ts';

// One label table per enum of the contract, for every screen and export: a value is named the same
// way wherever it shows. A table lists every value; a label differs from the value in words only
// where the words would be wrong (prettify keeps SMS, DNC, iBuyer as written).

/** The lead's client type (opportunity.clientType), which the contract keeps open; these are the known ones. */
export const CLIENT_TYPES = ['FIRST_TIME_BUYER', 'REPEAT_BUYER', 'INVESTOR', 'HOME_OWNER', 'RELOCATION'] as const;
/** The lead types of a lead (not the "ALL" filter value). */
export const LEAD_KINDS = ['NEW', 'AGED'] as const;
/** The lead-type filter's values: the kinds and ALL. */
const LEAD_TYPE_VALUES = ['ALL', ...LEAD_KINDS] as const;

function table<V extends string>(
  values: readonly V[],
  words: Partial<Record<V, string>> = {},
): Readonly<Record<V, string>> {
  return Object.fromEntries(values.map((v) => [v, words[v] ?? prettify(v)])) as Record<V, string>;
}

export const LABEL_TABLES = {
  agentStatus: table(AGENT_STATUSES),
  adminStatus: table(ADMIN_STATUSES),
  announcementAudience: table(ANNOUNCEMENT_AUDIENCES, {
    ALL_BROKERAGES: 'All brokerages',
    BROKERAGE: 'Chosen brokerages',
    PRODUCT_FAMILY: 'Brokerages of a product',
    LOAN_OFFICES: 'Loan offices',
    AGENTS: 'Agents',
  }),
  // The agent app marks a HIGH announcement "Important"; a normal one carries no mark.
  announcementPriority: table(ANNOUNCEMENT_PRIORITIES, { HIGH: 'Important' }),
  announcementStatus: table(ANNOUNCEMENT_STATUSES),
  assignmentMode: table(ASSIGNMENT_MODES),
  brokerageStatus: table(BROKERAGE_STATUSES),
  clientType: table(CLIENT_TYPES, { FIRST_TIME_BUYER: 'First-Time Buyer', HOME_OWNER: 'Homeowner' }),
  dncChannel: table(DNC_CHANNELS),
  dncType: table(DNC_TYPES),
  emailTemplate: table(TEMPLATE_IDS, Object.fromEntries(EMAIL_TEMPLATES.map((t) => [t.id, t.name]))),
  followupType: table(FOLLOWUP_TYPES, { UP_TO_DATE: 'Up to date' }),
  interactionDirection: table(INTERACTION_DIRECTIONS, INTERACTION_DIRECTION_LABELS),
  interactionType: table(INTERACTION_TYPES, INTERACTION_TYPE_LABELS),
  // Spec 2: the AGED leads are the "Database Leads" of the overview's tabs.
  leadType: table(LEAD_TYPE_VALUES, { ALL: 'All leads', AGED: 'Database' }),
  inviteState: table(INVITE_STATES, { PENDING: 'Invite pending', EXPIRED: 'Invite expired' }),
  notificationType: table(NOTIFICATION_TYPES, NOTIFICATION_TYPE_LABELS),
  loanOfficerStatus: table(LOAN_OFFICER_STATUSES),
  // Spec 2 section 4: three statuses read otherwise than their enum.
  opportunityStatus: table(OPPORTUNITY_STATUSES, OPPORTUNITY_STATUS_WORDS),
  partnerType: table(PARTNER_TYPES),
  // The brand's product names (docs/spec/DECISIONS.md); the dashboard's product selector keeps spec 2's own option texts.
  productFamily: table(PRODUCT_FAMILIES, PRODUCT_FAMILY_LABELS),
  // An invitation's status in the words the invitation screens use ("Invite pending", "Joined" ...).
  potentialAgentStatus: table(POTENTIAL_AGENT_STATUSES, POTENTIAL_AGENT_STATUS_LABELS),
  // The invitation list's filter: the stored statuses and INVITE_EXPIRED (a pending one past its date).
  potentialAgentListStatus: table(POTENTIAL_AGENT_LIST_STATUSES, {
    ...POTENTIAL_AGENT_STATUS_LABELS,
    INVITE_EXPIRED: 'Invite expired',
  }),
  qaStatus: table(QA_STATUSES, { AWAITING: 'Awaiting Review' }),
  // The review queue's status filter: the statuses and REVIEWED (passed or failed).
  qaStatusFilter: table(QA_STATUS_FILTERS, { AWAITING: 'Awaiting Review' }),
  referralCategory: table(REFERRAL_CATEGORIES),
  referralStage: table(REFERRAL_STAGES, STAGE_LABELS),
  referralType: table(REFERRAL_TYPES),
  smsRecipientStatus: table(SMS_RECIPIENT_STATUSES),
  smsSuppression: table(SMS_SUPPRESSIONS, {
    DNC: 'On the DNC list',
    DO_NOT_CONTACT: 'Do not contact',
    QUIET_HOURS: 'Quiet hours',
  }),
  supportCaseStatus: table(SUPPORT_CASE_STATUSES),
  taskChannel: table(TASK_CHANNELS),
  taskStatus: table(TASK_STATUSES),
  usageType: table(USAGE_TYPES),
  messageChannel: table(MESSAGE_CHANNELS, MESSAGE_CHANNEL_LABELS),
  noticeKind: table(NOTICE_KINDS, { NEW_REFERRAL: 'A new referral', REMINDER: 'A reminder from my broker' }),
  noticeChannel: table(NOTICE_CHANNELS, { PUSH: 'Push notification', SMS: 'Text message', EMAIL: 'Email' }),
  messageKind: table(MESSAGE_KINDS, MESSAGE_KIND_LABELS),
  messageStatus: table(MESSAGE_STATUSES, MESSAGE_STATUS_LABELS),
  workflowTaskStatus: table(WORKFLOW_TASK_STATUSES),
} as const;
export type LabelKind = keyof typeof LABEL_TABLES;

/** A value's label from its enum's table; a value the table does not know yet reads in words; none reads "-". */
export function enumLabel(kind: LabelKind, value: string | null | undefined): string {
  if (!value) return '-';
  return (LABEL_TABLES[kind] as Readonly<Record<string, string>>)[value] ?? prettify(value);
}

/** A DNC entry's channel: a known one in words, any other (IRIS sends its own) as written. */
export const dncChannelLabel = (channel: string | null | undefined): string =>
  !channel ? '-' : ((LABEL_TABLES.dncChannel as Readonly<Record<string, string>>)[channel] ?? channel);

/** The options of a filter or select over an enum, labelled from its table. */
export const enumOptions = <V extends string>(kind: LabelKind, values: readonly V[]): { value: V; label: string }[] =>
  values.map((value) => ({ value, label: enumLabel(kind, value) }));

/**
 * A code the contract leaves open (a support case's category, an audit action, a timeline event
 * type), in words. Screens name known enums through enumLabel and open codes through this; neither
 * prints a raw value.
 */
export const codeLabel = (value: string | null | undefined): string => prettify(value);
