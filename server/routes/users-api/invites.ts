import * as v from 'valibot';

import { INVITABLE_ROLES, USER_EDITOR_ROLES } from '../../../src/access/roles.ts';
import { personNamePart } from '../../../src/contract/person-name.ts';
import { InviteCode, type InviteCodeResult, type InviteSent } from '../../../src/contract/users.ts';
import { BRAND } from '../../../src/lib/brand.ts';
import { inviteScope, sendInvite } from '../../auth/invite-users.ts';
import { CODE_TTL_MS, redeemCode } from '../../auth/invites.ts';
import { sendOnBehalf } from '../../auth/on-behalf.ts';
import { publicOrigin, registerLink } from '../../auth/outbox.ts';
import { assertWithinLimit, clientAddress, recordEvent } from '../../auth/rate-limit.ts';
import { userToChange } from '../../auth/user-authority.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, jsonBody, params } from '../../http/validate.ts';

// Guessing codes: 20 wrong ones per address in 15 minutes, then 429.
const GUESS_LIMIT = { max: 20, windowMs: 15 * 60_000 };

const name = personNamePart;
const InviteBody = v.strictObject(
  {
    email: v.pipe(
      v.string('Email address is required'),
      v.trim(),
      v.toLowerCase(),
      v.maxLength(320),
      v.email('Invalid e-mail.'),
    ),
    firstName: name('First name'),
    lastName: name('Last name'),
    role: v.optional(v.picklist(INVITABLE_ROLES, 'That role cannot be invited'), 'BROKERAGE_ADMIN'),
    brokerId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
    loanOfficeId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  },
  'unknown field',
);

export const inviteRoutes: RouteDef[] = [
  route({
    method: 'PUT',
    path: '/users-api/invites/code/:code',
    policy: 'public',
    handler: async (c) => {
      const db = c.get('db');
      const now = c.get('now')();
      const limit = { scope: `invite-guess:${clientAddress(c)}`, ...GUESS_LIMIT };
      await assertWithinLimit(db, limit, now);
      const code = c.req.param('code') ?? '';
      const result = v.is(InviteCode, code) ? await redeemCode(db, code, now) : undefined;
      if (!result?.ok) {
        if (!result || result.guess) await recordEvent(db, limit.scope, now);
        throw result?.error ?? notFound('This code is not valid');
      }
      c.header('Cache-Control', 'no-store');
      return c.json({ id: result.id, password: result.password } satisfies InviteCodeResult);
    },
  }),
  route({
    method: 'POST',
    path: '/users-api/invites',
    policy: USER_EDITOR_ROLES,
    handler: async (c) => {
      const body = await jsonBody(c, InviteBody);
      const { user, actor } = c.get('auth');
      const scope = inviteScope(user, body);
      const now = c.get('now')();
      const sent = await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          // An address that already has an account answers exactly like a new one (no enumeration of
          // accounts through invitations); its owner is told by email instead, and nothing is created.
          if (await trx.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirst()) {
            await sendOnBehalf(trx, c, {
              channel: 'EMAIL',
              to: body.email,
              subject: `Someone invited you to ${BRAND.name}`,
              body: [
                `Someone tried to invite this address to ${BRAND.name}, but it already has an account.`,
                `Sign in at ${publicOrigin(c)}/login, or reset your password there if you have forgotten it.`,
              ].join('\n'),
            });
            return { expiresAt: new Date(now.getTime() + CODE_TTL_MS.INVITE) };
          }
          const { id } = await trx
            .insertInto('users')
            .values({
              email: body.email,
              first_name: body.firstName,
              last_name: body.lastName,
              status: 'INVITED',
              broker_id: scope.brokerId,
              loan_office_id: scope.loanOfficeId,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const role = await trx
            .selectFrom('roles')
            .select('id')
            .where('name', '=', body.role)
            .executeTakeFirstOrThrow();
          await trx.insertInto('user_roles').values({ user_id: id, role_id: role.id, position: 0 }).execute();
          const expiresAt = await sendInvite(trx, c, {
            userId: id,
            email: body.email,
            firstName: body.firstName,
            createdBy: actor.id,
            link: (code) => registerLink(c, code),
            now,
          });
          return { expiresAt };
        });
      // 202: the invitation is on its way. No id: it would tell a new account from an existing one.
      const answer: InviteSent = {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        status: 'INVITED',
        inviteExpiresAt: sent.expiresAt.toISOString(),
      };
      return c.json(answer satisfies InviteSent, 202);
    },
  }),
  route({
    method: 'GET',
    path: '/users-api/users/resendInvite/:id{[0-9]+}',
    policy: USER_EDITOR_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const { user, actor } = c.get('auth');
      const db = c.get('db');
      // Only a user the caller may change (src/access/role-grants.ts): a resend voids the open code.
      const found = await userToChange(c, db, id, { self: 'refuse', selfMessage: 'That user has already registered' });
      const target = {
        email: found.email,
        first_name: found.firstName,
        last_name: found.lastName,
        status: found.status,
        password_hash: found.passwordHash,
      };
      // Still registering: invited, or activated by a code but no password set yet.
      if (target.status === 'DISABLED' || (target.status !== 'INVITED' && target.password_hash !== null))
        throw conflict('That user has already registered');
      if (!target.email) throw conflict('That user has no email address');
      const email = target.email;
      const now = c.get('now')();
      const expiresAt = await db.transaction().execute(async (trx) => {
        // The user's history (User Management) shows each invitation sent again.
        await trx
          .insertInto('audit_log')
          .values({
            actor_user_id: actor.id,
            as_user_id: user.id,
            target_user_id: id,
            action: 'INVITE_RESENT',
            detail: email,
            created_at: now,
          })
          .execute();
        return sendInvite(trx, c, {
          userId: id,
          email,
          firstName: target.first_name,
          createdBy: actor.id,
          link: (code) => registerLink(c, code),
          now,
        });
      });
      const answer: InviteSent = {
        id,
        email,
        firstName: target.first_name ?? '',
        lastName: target.last_name ?? '',
        status: target.status,
        inviteExpiresAt: expiresAt.toISOString(),
      };
      return c.json(answer satisfies InviteSent);
    },
  }),
];
