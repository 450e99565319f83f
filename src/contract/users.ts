import * as v from 'valibot';
import { paged } from './common.ts';

// The /users-api family (spec 1 section 7 "Users"): the signed-in user, users and the audit,
// invites and passwords, contact-info checks, viewed items, the Cloze connector.

const id = v.number();
const text = v.nullable(v.string());
const time = v.string();

export const RoleRef = v.object({ id: v.optional(v.number()), name: v.string(), type: v.string() });

/** GET /users-api/users/me. */
export const Me = v.object({
  id: v.number(),
  email: v.nullable(v.string()),
  phone: v.nullish(v.string()),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  roles: v.array(RoleRef),
  brokerId: v.nullable(v.number()),
  loanOfficeId: v.nullable(v.number()),
  agentId: v.nullable(v.number()),
  passwordExpired: v.boolean(),
  psiLastLogin: v.nullable(v.string()),
});
export type Me = v.InferOutput<typeof Me>;

/**
 * PATCH /users-api/users/{id} of the signed-in user. currentPassword is needed only by a
 * session that came from a password or one-time-code sign-in while the password is not expired.
 */
export const PasswordUpdate = v.object({ password: v.string(), currentPassword: v.optional(v.string()) });

/** PUT /users-api/invites/code/{code}: the user id and a one-time temporary credential. */
export const InviteCodeResult = v.object({ id: v.number(), password: v.string() });
export type InviteCodeResult = v.InferOutput<typeof InviteCodeResult>;

/**
 * POST /users-api/invites (202, no id: the answer is the same whether or not the address already
 * has an account) and GET /users-api/users/resendInvite/{id}.
 */
export const InviteSent = v.object({
  id: v.optional(v.number()),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  status: v.string(),
  inviteExpiresAt: v.string(),
});
export type InviteSent = v.InferOutput<typeof InviteSent>;

/** GET /users-api/users/checkContactInfo?email= or ?phone=. */
export const ContactInfoAvailability = v.object({ available: v.boolean() });
export type ContactInfoAvailability = v.InferOutput<typeof ContactInfoAvailability>;

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

// Viewed-item tracking: GET and PUT /users-api/users/viewed-item-tracking/location/{loc}[/item/{item}].
export const ViewedItem = v.object({ item: v.string(), location: v.string(), viewed: v.boolean() });
export type ViewedItem = v.InferOutput<typeof ViewedItem>;
export const ViewedItemPage = paged(ViewedItem);
export type ViewedItemPage = v.InferOutput<typeof ViewedItemPage>;

// The connected email and calendar service (Cloze), spec 1 section 7 "Connector".

/** GET /users-api/oauth-connectors/cloze: where to send the user, and the state it will bring back. */
export const ConnectorStart = v.object({ authorizeUrl: v.string(), state: v.string() });
export type ConnectorStart = v.InferOutput<typeof ConnectorStart>;

/** GET /users-api/oauth-connectors/cloze/callback?code&state: the stored connection. */
export const ConnectorConnection = v.object({ provider: v.string(), connected: v.boolean(), connectedAt: v.string() });
export type ConnectorConnection = v.InferOutput<typeof ConnectorConnection>;
