import { AcceptInvitation, type Invitation, type InvitationAccepted } from '../../../src/contract/potential-agents.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { assertWithinLimit, clientAddress, recordEvent } from '../../auth/rate-limit.ts';
import { codeHash } from '../../auth/secrets.ts';
import type { Db } from '../../db/database.ts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { jsonBody } from '../../http/validate.ts';

// The invitee's side of an agent invitation, public: /agent-onboarding/{code} reads it,
// accepts it (a new ACTIVE agent of the brokerage who signs in on the agent host with their phone
// and the password set here) or declines it. A used, declined, withdrawn, expired or unknown code
// answers a clear message and changes nothing. Wrong codes count against the caller's address, on
// every method: accept and decline check the code (and count a wrong one) before reading the body,
// hashing a password or opening their transaction, whose rollback would otherwise undo the count.

// Guessing codes: 20 wrong ones per address in 15 minutes, then 429 (as for user invites).
const GUESS_LIMIT = { max: 20, windowMs: 15 * 60_000 };

export const INVITATION_MESSAGES = {
  unknown:
    'This invitation link is not valid. Check the link in your email, or ask your brokerage for a new invitation.',
  redeemed: 'This invitation was already accepted. Sign in on the agent site with your phone number.',
  declined: 'This invitation was declined. Ask your brokerage for a new invitation if you changed your mind.',
  invalidated: 'This invitation was withdrawn by the brokerage.',
  expired: 'This invitation has expired. Ask your brokerage for a new invitation.',
} as const;

/**
 * The open invitation of a code, locked when about to be answered; anything else throws its message.
 * A wrong code is counted on `db`: call it first outside any transaction (a rollback would drop the count).
 */
async function openInvitation(c: AppContext, db: Db, forUpdate: boolean) {
  const now = c.get('now')();
  const limit = { scope: `agent-invite-guess:${clientAddress(c)}`, ...GUESS_LIMIT };
  await assertWithinLimit(db, limit, now);
  const code = c.req.param('code') ?? '';
  let q = db
    .selectFrom('potential_agents as p')
    .innerJoin('brokerages as b', 'b.id', 'p.brokerage_id')
    .selectAll('p')
    .select('b.name as brokerage_name')
    .where('p.invite_code_hash', '=', codeHash(code));
  if (forUpdate) q = q.forUpdate();
  const p = /^[A-Za-z0-9-]{1,64}$/.test(code) ? await q.executeTakeFirst() : undefined;
  if (!p) {
    await recordEvent(db, limit.scope, now);
    throw notFound(INVITATION_MESSAGES.unknown);
  }
  if (p.status === 'INVITE_REDEEMED') throw new HttpError(410, INVITATION_MESSAGES.redeemed);
  if (p.status === 'INVITE_DECLINED') throw new HttpError(410, INVITATION_MESSAGES.declined);
  if (p.status !== 'INVITE_PENDING') throw new HttpError(410, INVITATION_MESSAGES.invalidated);
  if (p.invite_expires_at === null || p.invite_expires_at <= now) throw new HttpError(410, INVITATION_MESSAGES.expired);
  return p;
}

const CODE_PATH = '/agents-api/potentialAgents/invite/code/:code';

export const agentOnboardingRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: CODE_PATH,
    policy: 'public',
    handler: async (c) => {
      const p = await openInvitation(c, c.get('db'), false);
      c.header('Cache-Control', 'no-store');
      const body: Invitation = {
        brokerageName: p.brokerage_name,
        firstName: p.first_name,
        lastName: p.last_name,
        phone: p.phone,
        email: p.email,
        expiresAt: p.invite_expires_at!.toISOString(),
      };
      return c.json(body);
    },
  }),
  route({
    // Accept: one transaction creates the agent, their sign-in (phone + password, role AGENT) and closes the invitation.
    method: 'PATCH',
    path: CODE_PATH,
    policy: 'public',
    handler: async (c) => {
      await openInvitation(c, c.get('db'), false);
      const body = await jsonBody(c, AcceptInvitation);
      const passwordHash = await hashPassword(body.password);
      const now = c.get('now')();
      const result = await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const p = await openInvitation(c, trx, true);
          const taken = await trx.selectFrom('users').select('id').where('phone', '=', body.phone).executeTakeFirst();
          if (taken) {
            throw conflict(
              'This phone number already has an account. Sign in on the agent site, or use another number.',
              { phone: 'This phone number already has an account.' },
            );
          }
          const agent = await trx
            .insertInto('agents')
            .values({
              brokerage_id: p.brokerage_id,
              first_name: body.firstName,
              last_name: body.lastName,
              email: p.email,
              phone: body.phone,
              status: 'ACTIVE',
              display_score: null,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          // Agents sign in with their phone; the email stays on the agent record (it may already belong to another account).
          const user = await trx
            .insertInto('users')
            .values({
              email: null,
              phone: body.phone,
              first_name: body.firstName,
              last_name: body.lastName,
              password_hash: passwordHash,
              status: 'ACTIVE',
              agent_id: agent.id,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const role = await trx.selectFrom('roles').select('id').where('name', '=', 'AGENT').executeTakeFirstOrThrow();
          await trx.insertInto('user_roles').values({ user_id: user.id, role_id: role.id, position: 0 }).execute();
          await trx
            .updateTable('potential_agents')
            .set({ status: 'INVITE_REDEEMED', agent_id: agent.id, responded_at: now, updated_at: now })
            .where('id', '=', p.id)
            .execute();
          return { agentId: agent.id, phone: body.phone, brokerageName: p.brokerage_name } satisfies InvitationAccepted;
        });
      return c.json(result);
    },
  }),
  route({
    method: 'DELETE',
    path: CODE_PATH,
    policy: 'public',
    handler: async (c) => {
      await openInvitation(c, c.get('db'), false);
      const now = c.get('now')();
      await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const p = await openInvitation(c, trx, true);
          await trx
            .updateTable('potential_agents')
            .set({ status: 'INVITE_DECLINED', responded_at: now, updated_at: now })
            .where('id', '=', p.id)
            .execute();
        });
      return c.json({ status: 'INVITE_DECLINED' });
    },
  }),
];
