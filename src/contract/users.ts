import * as v from 'valibot';

import { flexValueError, type FlexType } from '../lib/flex-attributes.ts';
import { EMAIL_PATTERN } from '../lib/validation.ts';
import { paged } from './common.ts';
import { EMAIL_MAX, PHONE_TEXT_MAX } from './limits.ts';
import { personNamePart } from './person-name.ts';

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

/** The longest password the server reads: a bound on the hashing work, not a rule a person meets. */
export const PASSWORD_MAX = 1024;
const PASSWORD_TOO_LONG = `A password is at most ${PASSWORD_MAX} characters`;

/**
 * A new password (spec 1 section 5 and docs/spec/DECISIONS.md: at least 9 characters and one digit), trimmed as
 * sign-in trims it: the server sets a password only under this rule, the console checks it first.
 */
export const NewPassword = v.pipe(
  v.string('Password is required'),
  v.trim(),
  v.nonEmpty('Password is required'),
  v.minLength(9, 'Password must be at least 9 characters'),
  v.regex(/\d/, 'Password must contain at least 1 digit'),
  v.maxLength(PASSWORD_MAX, PASSWORD_TOO_LONG),
);

/**
 * PATCH /users-api/users/{id} of the signed-in user. currentPassword is needed only by a
 * session that came from a password or one-time-code sign-in while the password is not expired.
 */
export const PasswordUpdate = v.object({
  password: NewPassword,
  currentPassword: v.optional(v.pipe(v.string(), v.maxLength(PASSWORD_MAX, PASSWORD_TOO_LONG))),
});

/**
 * An invite or reset code as typed or linked (PUT /users-api/invites/code/{code}): the server checks it
 * with this rule before looking it up, and Register's Invite Code field before sending it.
 */
export const InviteCode = v.pipe(
  v.string(),
  v.nonEmpty('Enter the invite code from your email'),
  v.maxLength(64, 'An invite code is at most 64 characters'),
  v.regex(/^[A-Za-z0-9-]+$/, 'An invite code holds only letters, digits and hyphens'),
);

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
  id,
  email: text,
  phone: text,
  firstName: text,
  lastName: text,
  roles: v.array(v.object({ id, name: v.string(), type: v.string() })),
  brokerId: v.nullable(id),
  loanOfficeId: v.nullable(id),
  agentId: v.nullable(id),
  status: v.string(),
  psiLastLogin: v.nullable(time),
  created: time,
});
export type UserSummary = v.InferOutput<typeof UserSummary>;
export const UserPage = paged(UserSummary);

const AuditUser = v.nullable(v.object({ id, name: text, email: text }));
export const AuditRow = v.object({
  id,
  actor: AuditUser,
  asUser: AuditUser,
  action: v.string(),
  detail: text,
  created: time,
});
export type AuditRow = v.InferOutput<typeof AuditRow>;
/** Impersonated requests of one actor as one user, with no gap longer than 30 minutes. */
export const ImpersonationSession = v.object({
  actor: AuditUser,
  asUser: AuditUser,
  started: time,
  ended: time,
  requests: v.number(),
});
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

// User Management: the roles catalogue, flex attributes, one user's page, and the writes.

export const FLEX_ATTRIBUTE_TYPES = ['TEXT', 'NUMBER', 'BOOLEAN', 'DATE', 'SELECT'] as const;

/** GET /users-api/userRoles: every role, with whether the caller may grant it (src/access/role-grants.ts). */
export const UserRole = v.object({
  id,
  name: v.string(),
  type: v.string(),
  displayName: v.string(),
  grantable: v.boolean(),
});
export type UserRole = v.InferOutput<typeof UserRole>;
export const UserRoleList = v.array(UserRole);

/** GET /users-api/flexAttributes: the definitions, in display order. */
export const FlexAttribute = v.object({
  id,
  name: v.string(),
  label: v.string(),
  type: v.picklist(FLEX_ATTRIBUTE_TYPES),
  options: v.array(v.string()),
  required: v.boolean(),
});
export type FlexAttribute = v.InferOutput<typeof FlexAttribute>;
export const FlexAttributeList = v.array(FlexAttribute);

/** One user's value of one attribute (attributeId is the definition's id). */
export const FlexValue = v.object({
  attributeId: id,
  name: v.string(),
  label: v.string(),
  value: v.string(),
  updated: time,
});
export type FlexValue = v.InferOutput<typeof FlexValue>;

/** GET /users-api/users/{id} for user managers: the summary plus flex values, invitation and what the caller may do. */
export const UserDetail = v.object({
  ...UserSummary.entries,
  brokerageName: text,
  loanOfficeName: text,
  flexAttributes: v.array(FlexValue),
  invite: v.nullable(v.object({ state: v.picklist(['PENDING', 'EXPIRED']), sentAt: time, expiresAt: time })),
  /** False when the user holds a role the caller could not grant, or is the caller: roles and deactivation are locked. */
  manageable: v.boolean(),
});
export type UserDetail = v.InferOutput<typeof UserDetail>;

/** A user's history (GET /users-api/users/{id}/audit): role changes, creation, invitations, deactivation. */
export const UserAuditPage = paged(AuditRow);
export type UserAuditPage = v.InferOutput<typeof UserAuditPage>;

const PositiveId = v.pipe(
  v.number('must be a number'),
  v.integer('must be a whole number'),
  v.minValue(1, 'must be positive'),
  v.maxValue(2_147_483_647, 'is too large'),
);
const personPart = personNamePart;
/** An id picked from a list (a role, a brokerage): any refusal reads `message`, the form's words for an empty choice. */
const chosenId = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(2_147_483_647, message));

/** An account's email address as a person types it: spec 1 section 5's rule and messages, the forms' and the server's. */
export const AccountEmail = v.pipe(
  v.string('Email address is required'),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('Email address is required'),
  v.maxLength(EMAIL_MAX, 'Invalid e-mail.'),
  v.regex(EMAIL_PATTERN, 'Invalid e-mail.'),
);

/** POST /users-api/users/passwordReset (Forgot Password). */
export const PasswordResetRequest = v.object({ emailAddress: AccountEmail });

/** POST /users-api/users: a new user, invited by email to set a password at /register/{code}. */
export const UserCreateBody = v.strictObject(
  {
    firstName: personPart('First name'),
    lastName: personPart('Last name'),
    email: AccountEmail,
    /** Ten digits (spec 1 section 5); stored as +1 and the digits. */
    phone: v.optional(
      v.nullable(
        v.pipe(
          v.string(),
          v.trim(),
          v.maxLength(PHONE_TEXT_MAX, 'Invalid phone number'),
          v.regex(/^(\+?1)?[\s.()-]*\d{3}[\s.()-]*\d{3}[\s.-]*\d{4}$/, 'Invalid phone number'),
        ),
      ),
    ),
    roles: v.pipe(
      v.array(v.string('must be a role name'), 'Choose at least one role'),
      v.minLength(1, 'Choose at least one role'),
      v.maxLength(30),
    ),
    brokerId: v.optional(v.nullable(PositiveId)),
    loanOfficeId: v.optional(v.nullable(PositiveId)),
  },
  'unknown field',
);
export type UserCreateBody = v.InferInput<typeof UserCreateBody>;

/** POST /users-api/users/{id}/roles. A brokerage or loan-office role needs the organisation if the user has none. */
export const RoleGrantBody = v.strictObject(
  {
    roleId: chosenId('Choose a role to add'),
    brokerId: v.optional(chosenId('A brokerage is required')),
    loanOfficeId: v.optional(chosenId('A loan office is required')),
    /**
     * Where the role goes in the user's list (0: first, the primary role that picks their landing page);
     * missing, or past the end: last. Undo of a removal gives the role back its place.
     */
    position: v.optional(v.pipe(v.number('position must be a number'), v.integer(), v.minValue(0), v.maxValue(100))),
  },
  'unknown field',
);
export type RoleGrantBody = v.InferInput<typeof RoleGrantBody>;

/** The longest value of a flex attribute, of any type (stored as text). */
const FLEX_VALUE_MAX = 500;
const FlexText = v.pipe(
  v.string('Enter a value'),
  v.trim(),
  v.nonEmpty('Enter a value'),
  v.maxLength(FLEX_VALUE_MAX, `Use at most ${FLEX_VALUE_MAX} characters`),
);
/** POST /users-api/users/{id}/flexAttributes and PATCH .../flexAttributes/{attrId}. */
export const FlexValueBody = v.strictObject({ attributeId: PositiveId, value: FlexText }, 'unknown field');
export const FlexValuePatchBody = v.strictObject({ value: FlexText }, 'unknown field');
/** A value under its attribute's definition: the text rule above and its type's (the server checks it, the form too). */
export const flexValueRule = (type: FlexType, options: readonly string[] = []) =>
  v.pipe(
    FlexText,
    v.rawCheck(({ dataset, addIssue }) => {
      const problem = dataset.typed ? flexValueError(type, dataset.value, options) : null;
      if (problem) addIssue({ message: problem });
    }),
  );
