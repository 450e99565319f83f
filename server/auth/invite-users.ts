import { canGrant } from '../../src/access/role-grants.ts';
import { USER_MANAGER_ROLES, type INVITABLE_ROLES } from '../../src/access/roles.ts';
import { BRAND } from '../../src/lib/brand.ts';
import type { Db } from '../db/database.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { notYoursError } from '../http/ownership.ts';
import type { AppContext, AuthUser } from '../http/route.ts';
import { openCode } from './invites.ts';
import { senderText, sendOnBehalf } from './on-behalf.ts';

export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const isUserManager = (user: AuthUser) =>
  user.roles.some((r) => (USER_MANAGER_ROLES as readonly string[]).includes(r));

export interface InviteTarget {
  role: InvitableRole;
  brokerId?: number | undefined;
  loanOfficeId?: number | undefined;
}

/**
 * Who may invite whom: user managers invite brokerage and loan-office administrators of any
 * organisation, and only an ADMIN invites staff (anyone else could mint an account above their
 * own; see src/access/role-grants.ts). A brokerage administrator invites administrators of their own brokerage only.
 */
export function inviteScope(user: AuthUser, t: InviteTarget): { brokerId: number | null; loanOfficeId: number | null } {
  if (!isUserManager(user)) {
    if (t.role !== 'BROKERAGE_ADMIN' || t.loanOfficeId !== undefined)
      throw forbidden('You may invite administrators of your brokerage only');
    if (user.brokerId === null || (t.brokerId !== undefined && t.brokerId !== user.brokerId)) throw notYoursError();
    return { brokerId: user.brokerId, loanOfficeId: null };
  }
  if (t.role === 'BROKERAGE_ADMIN') {
    if (t.brokerId === undefined) throw badRequest('The invite is not valid', { brokerId: 'A brokerage is required' });
    return { brokerId: t.brokerId, loanOfficeId: null };
  }
  if (t.role === 'LOAN_OFFICE_ADMIN') {
    if (t.loanOfficeId === undefined)
      throw badRequest('The invite is not valid', { loanOfficeId: 'A loan office is required' });
    return { brokerId: null, loanOfficeId: t.loanOfficeId };
  }
  // No privilege escalation: a provider role only from someone who may grant it (src/access/role-grants.ts).
  if (!canGrant(user.roles, t.role))
    throw forbidden(
      user.roles.includes('ADMIN') ? 'That role cannot be invited' : 'You cannot grant a role you do not hold',
    );
  return { brokerId: null, loanOfficeId: null };
}

/** Opens a new invite code for the user and emails its /register link, on the caller's behalf (counted, signed). */
export async function sendInvite(
  db: Db,
  c: AppContext,
  o: {
    userId: number;
    email: string;
    firstName: string | null;
    createdBy: number;
    link: (code: string) => string;
    now: Date;
  },
) {
  const { code, expiresAt } = await openCode(db, {
    userId: o.userId,
    kind: 'INVITE',
    createdBy: o.createdBy,
    now: o.now,
  });
  const body = [
    `Hello${o.firstName ? ` ${senderText(o.firstName)}` : ''},`,
    '',
    `You have been invited to the ${BRAND.name} console. Set your password to finish your registration:`,
    o.link(code),
    '',
    `Your invite code is ${code}. It expires on ${expiresAt.toUTCString()}.`,
  ].join('\n');
  await sendOnBehalf(db, c, {
    channel: 'EMAIL',
    to: o.email,
    subject: `You're invited to ${BRAND.name}`,
    body,
    options: { kind: 'invitation' },
  });
  return expiresAt;
}
