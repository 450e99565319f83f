import * as v from 'valibot';

// The brokerage's administrators (my-admins): status, last sign-in (psiLastLogin) and the state of
// a pending invitation. Invites go through POST /users-api/invites and GET .../resendInvite/{id};
// removal is DELETE /users-api/users/{id}.

export const ADMIN_STATUSES = ['ACTIVE', 'INVITED', 'DISABLED'] as const;
export const INVITE_STATES = ['PENDING', 'EXPIRED'] as const;

export const BrokerageAdmin = v.object({
  id: v.number(),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  email: v.nullable(v.string()),
  status: v.picklist(ADMIN_STATUSES),
  psiLastLogin: v.nullable(v.string()),
  created: v.string(),
  /** The latest open invitation of a user still registering; null once registered. */
  invite: v.nullable(v.object({ state: v.picklist(INVITE_STATES), sentAt: v.string(), expiresAt: v.string() })),
  /** Whether the caller may resend this admin's invitation or remove them (never themself; src/access/role-grants.ts). */
  manageable: v.boolean(),
});
export type BrokerageAdmin = v.InferOutput<typeof BrokerageAdmin>;

export const BrokerageAdminPage = v.object({ content: v.array(BrokerageAdmin), totalElements: v.number() });
export type BrokerageAdminPage = v.InferOutput<typeof BrokerageAdminPage>;

export const UserRemoved = v.object({ id: v.number(), status: v.literal('DISABLED') });
export type UserRemoved = v.InferOutput<typeof UserRemoved>;

/** The refusals a user reads verbatim (the server answers 409 with these messages). */
export const REMOVE_SELF = 'You cannot remove yourself. Ask another administrator to do it.';
export const REMOVE_LAST =
  'This is the last active administrator of the brokerage. Invite another administrator first.';
