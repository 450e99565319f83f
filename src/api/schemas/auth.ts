import * as v from 'valibot';

// Shapes of the registration, reset, password and outbox calls (spec 1 sections 3 and 7): the
// console parses with these, the reference API types its answers with them. The token response
// and the user (me) are in ./core.ts.

/**
 * Token grant for the temporary credential of an invite or reset code: form
 * grant_type=temporary_password, username=<InviteCodeResult.id>, password=<InviteCodeResult.password>,
 * client_id. Single use, 10 minutes.
 */
export const TEMPORARY_CREDENTIAL_GRANT = 'temporary_password';

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

/** GET /dev/outbox with Accept: application/json (demo mode). */
export const OutboxMessage = v.object({
  id: v.number(),
  channel: v.picklist(['EMAIL', 'SMS']),
  recipient: v.string(),
  subject: v.nullable(v.string()),
  body: v.string(),
  createdAt: v.string(),
});
export const OutboxPage = v.object({ content: v.array(OutboxMessage), totalElements: v.number() });
export type OutboxPage = v.InferOutput<typeof OutboxPage>;
