import * as v from 'valibot';

import { EMAIL_PATTERN } from '../lib/validation.ts';
import { paged } from './common.ts';
import { EMAIL_MAX, PHONE_TEXT_MAX } from './limits.ts';
import { personNamePart } from './person-name.ts';
import { NewPassword } from './users.ts';

// Potential agents and their invitations: the Invite Agents dialog, Pending Invitations,
// and the public agent onboarding (/agent-onboarding/:inviteCode and /decline).
// GET/POST /agents-api/potentialAgents, GET/DELETE /agents-api/potentialAgents/:id,
// POST /agents-api/potentialAgents/invite/:id, GET/PATCH/DELETE /agents-api/potentialAgents/invite/code/:code,
// GET /agents-api/brokerages/:id/agentInvitations/stats.

export const POTENTIAL_AGENT_STATUSES = [
  'ENROLLED',
  'INVITE_PENDING',
  'INVITE_REDEEMED',
  'INVITE_DECLINED',
  'INVITE_INVALIDATED',
] as const;
export type PotentialAgentStatus = (typeof POTENTIAL_AGENT_STATUSES)[number];
export const POTENTIAL_AGENT_STATUS_LABELS: Record<PotentialAgentStatus, string> = {
  ENROLLED: 'Not invited yet',
  INVITE_PENDING: 'Invite pending',
  INVITE_REDEEMED: 'Joined',
  INVITE_DECLINED: 'Declined',
  INVITE_INVALIDATED: 'Withdrawn',
};
/**
 * The list's status filter: the statuses, with INVITE_PENDING meaning an invitation that can still be
 * accepted, and INVITE_EXPIRED a pending one past its expiry (the record stays INVITE_PENDING).
 */
export const POTENTIAL_AGENT_LIST_STATUSES = [...POTENTIAL_AGENT_STATUSES, 'INVITE_EXPIRED'] as const;

export const PotentialAgent = v.object({
  id: v.number(),
  brokerageId: v.number(),
  name: v.object({ first: v.string(), last: v.string() }),
  email: v.string(),
  phone: v.string(),
  status: v.picklist(POTENTIAL_AGENT_STATUSES),
  inviteSentAt: v.nullable(v.string()),
  inviteExpiresAt: v.nullable(v.string()),
  /** The invitation has passed its expiry without an answer. */
  inviteExpired: v.boolean(),
  invitesSent: v.number(),
  respondedAt: v.nullable(v.string()),
  agentId: v.nullable(v.number()),
  created: v.string(),
});
export type PotentialAgent = v.InferOutput<typeof PotentialAgent>;
export const PotentialAgentPage = paged(PotentialAgent);

/** Spec 2 section 5's rules and messages (name, phone, email). */
export const NAME_RULE = personNamePart('Name');
export const PHONE_RULE = v.pipe(
  v.string('Phone number is required'),
  v.trim(),
  v.nonEmpty('Phone number is required'),
  v.maxLength(PHONE_TEXT_MAX, 'Phone number must be 10 numbers.'),
  v.check((p) => {
    const d = p.replace(/\D/g, '');
    return /^\+?[\d\s().-]+$/.test(p) && (d.length === 10 || d.length === 11);
  }, 'Phone number must be 10 numbers.'),
  v.transform((p) => `+1${p.replace(/\D/g, '').slice(-10)}`),
);
export const EMAIL_RULE = v.pipe(
  v.string('Email address is required'),
  v.trim(),
  v.nonEmpty('Email address is required'),
  v.maxLength(EMAIL_MAX, 'Invalid e-mail.'),
  v.regex(EMAIL_PATTERN, 'Invalid e-mail.'),
  v.toLowerCase(),
);

export const NewPotentialAgent = v.object({
  firstName: NAME_RULE,
  lastName: NAME_RULE,
  email: EMAIL_RULE,
  phone: PHONE_RULE,
});
export type NewPotentialAgent = v.InferInput<typeof NewPotentialAgent>;

/** What the invitee sees before answering. */
export const Invitation = v.object({
  brokerageName: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  phone: v.string(),
  email: v.string(),
  expiresAt: v.string(),
});
export type Invitation = v.InferOutput<typeof Invitation>;

export const AcceptInvitation = v.object({
  firstName: NAME_RULE,
  lastName: NAME_RULE,
  phone: PHONE_RULE,
  // The one password rule (users.ts), as Register and Update Password check it.
  password: NewPassword,
});
export type AcceptInvitation = v.InferInput<typeof AcceptInvitation>;
export const InvitationAccepted = v.object({ agentId: v.number(), phone: v.string(), brokerageName: v.string() });
export type InvitationAccepted = v.InferOutput<typeof InvitationAccepted>;

export const InvitationStats = v.object({
  brokerageId: v.number(),
  counts: v.record(v.string(), v.number()),
  /** Invitations sent in the last 30 days, and how many of them were accepted. */
  sentLast30: v.number(),
  acceptedLast30: v.number(),
});
export type InvitationStats = v.InferOutput<typeof InvitationStats>;

/**
 * PATCH /agents-api/potentialAgents/{id}: corrects a potential agent's name or phone (at
 * least one field). The email is the invitation's address: to change it, invalidate and invite anew.
 */
export const PotentialAgentEdit = v.pipe(
  v.strictObject(
    { firstName: v.optional(NAME_RULE), lastName: v.optional(NAME_RULE), phone: v.optional(PHONE_RULE) },
    'unknown field',
  ),
  v.check((b) => Object.keys(b).length > 0, 'Give firstName, lastName or phone'),
);
export type PotentialAgentEdit = v.InferInput<typeof PotentialAgentEdit>;
