import { sql, type Selectable } from 'kysely';
import * as v from 'valibot';

import { BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import {
  NewPotentialAgent,
  POTENTIAL_AGENT_LIST_STATUSES,
  type InvitationStats,
  type PotentialAgent,
} from '../../../src/contract/potential-agents.ts';
import { BRAND } from '../../../src/lib/brand.ts';
import { CODE_TTL_MS } from '../../auth/invites.ts';
import { senderText, sendOnBehalf } from '../../auth/on-behalf.ts';
import { publicOrigin } from '../../auth/outbox.ts';
import { codeHash, newTypedCode } from '../../auth/secrets.ts';
import type { Db } from '../../db/database.ts';
import type { PotentialAgentsTable } from '../../db/schema-broker-workspace.ts';
import { brokerageFromQuery, readableBrokerage } from '../../http/brokerage-scope.ts';
import { conflict } from '../../http/errors.ts';
import { assertBrokerage, missing } from '../../http/ownership.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { Id, IdParams, jsonBody, Paging, params, query } from '../../http/validate.ts';

// Potential agents: a brokerage admin (or staff impersonating one) invites people to
// become agents; each invitation is an email through the outbox with a link to
// /agent-onboarding/{code}. Resend opens a new code (the old link stops working); invalidate
// withdraws it. The invitee's side (accept, decline) is agent-onboarding.ts.

const ListQuery = v.object({
  brokerageId: v.optional(Id),
  ...Paging,
  status: v.optional(
    v.picklist(POTENTIAL_AGENT_LIST_STATUSES, 'status must be a potential-agent status or INVITE_EXPIRED'),
  ),
});

type Row = Selectable<PotentialAgentsTable>;

export const potentialAgentView = (r: Row, now: Date): PotentialAgent => ({
  id: r.id,
  brokerageId: r.brokerage_id,
  name: { first: r.first_name, last: r.last_name },
  email: r.email,
  phone: r.phone,
  status: r.status,
  inviteSentAt: r.invite_sent_at?.toISOString() ?? null,
  inviteExpiresAt: r.invite_expires_at?.toISOString() ?? null,
  inviteExpired: r.status === 'INVITE_PENDING' && r.invite_expires_at !== null && r.invite_expires_at <= now,
  invitesSent: r.invites_sent,
  respondedAt: r.responded_at?.toISOString() ?? null,
  agentId: r.agent_id,
  created: r.created_at.toISOString(),
});

/** Opens a new invitation code for the potential agent and emails its link; older codes stop working. */
async function sendInvitation(c: AppContext, db: Db, p: Row, brokerageName: string): Promise<void> {
  const now = c.get('now')();
  const code = newTypedCode();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS.INVITE);
  await db
    .updateTable('potential_agents')
    .set({
      status: 'INVITE_PENDING',
      invite_code_hash: codeHash(code),
      invite_sent_at: now,
      invite_expires_at: expiresAt,
      invites_sent: sql`invites_sent + 1`,
      responded_at: null,
      updated_at: now,
    })
    .where('id', '=', p.id)
    .execute();
  const link = `${publicOrigin(c)}/agent-onboarding/${encodeURIComponent(code)}`;
  const brokerage = senderText(brokerageName, 120);
  await sendOnBehalf(db, c, {
    channel: 'EMAIL',
    to: p.email,
    subject: `${brokerage} invites you to join them on ${BRAND.name}`,
    body: [
      `Hello ${senderText(p.first_name)},`,
      '',
      `${brokerage} invites you to join their team as an agent on ${BRAND.name}. To accept, open:`,
      link,
      '',
      `Not interested? Decline here: ${link}/decline`,
      '',
      `The invitation expires on ${expiresAt.toUTCString()}.`,
    ].join('\n'),
    options: { kind: 'invitation' },
  });
}

/** The potential agent, after checking the caller may manage their brokerage (403 for another's, as ids are not probed). */
async function ownPotentialAgent(c: AppContext, db: Db, id: number, forUpdate = false): Promise<Row> {
  let q = db.selectFrom('potential_agents').selectAll().where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  const p = await q.executeTakeFirst();
  if (!p) throw missing(c.get('auth').user, 'potential agent', 'brokerage');
  assertBrokerage(c.get('auth').user, p.brokerage_id);
  return p;
}

export const potentialAgentRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/agents-api/potentialAgents',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const q = query(c, ListQuery);
      const brokerage = await brokerageFromQuery(c, q.brokerageId);
      let base = c.get('db').selectFrom('potential_agents').where('brokerage_id', '=', brokerage.id);
      // INVITE_PENDING lists the invitations that can still be accepted; INVITE_EXPIRED the pending ones past their date.
      const now = c.get('now')();
      if (q.status === 'INVITE_EXPIRED')
        base = base.where('status', '=', 'INVITE_PENDING').where('invite_expires_at', '<=', now);
      else if (q.status === 'INVITE_PENDING') {
        base = base
          .where('status', '=', 'INVITE_PENDING')
          .where((eb) => eb.or([eb('invite_expires_at', 'is', null), eb('invite_expires_at', '>', now)]));
      } else if (q.status) base = base.where('status', '=', q.status);
      const [rows, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return c.json({ content: rows.map((r) => potentialAgentView(r, now)), totalElements: total.n });
    },
  }),
  route({
    method: 'POST',
    path: '/agents-api/potentialAgents',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const body = await jsonBody(c, NewPotentialAgent);
      const brokerage = await brokerageFromQuery(c, undefined);
      const now = c.get('now')();
      const row = await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          // One open invitation per address and brokerage; someone already on the roster is not invited again.
          const open = await trx
            .selectFrom('potential_agents')
            .select('id')
            .where('brokerage_id', '=', brokerage.id)
            .where(sql<boolean>`lower(email) = ${body.email}`)
            .where('status', 'in', ['ENROLLED', 'INVITE_PENDING'])
            .forUpdate()
            .executeTakeFirst();
          if (open)
            throw conflict('An invitation to that email address is already pending', {
              email: 'An invitation to that email address is already pending',
            });
          const agent = await trx
            .selectFrom('agents')
            .select('id')
            .where('brokerage_id', '=', brokerage.id)
            .where(sql<boolean>`lower(email) = ${body.email}`)
            .where('status', '<>', 'DELETED')
            .executeTakeFirst();
          if (agent)
            throw conflict('That person is already one of your agents', {
              email: 'That person is already one of your agents',
            });
          const inserted = await trx
            .insertInto('potential_agents')
            .values({
              brokerage_id: brokerage.id,
              first_name: body.firstName,
              last_name: body.lastName,
              email: body.email,
              phone: body.phone,
              created_by: c.get('auth').actor.id,
              created_at: now,
              updated_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await sendInvitation(c, trx, inserted, brokerage.name);
          return trx.selectFrom('potential_agents').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
        });
      return c.json(potentialAgentView(row, now), 201);
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/potentialAgents/:id{[0-9]+}',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      return c.json(potentialAgentView(await ownPotentialAgent(c, c.get('db'), id), c.get('now')()));
    },
  }),
  route({
    // Resend: a new code and email; also re-invites someone who declined or whose invitation was withdrawn.
    method: 'POST',
    path: '/agents-api/potentialAgents/invite/:id{[0-9]+}',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const row = await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const p = await ownPotentialAgent(c, trx, id, true);
          if (p.status === 'INVITE_REDEEMED') throw conflict('This person has already joined');
          const b = await trx
            .selectFrom('brokerages')
            .select('name')
            .where('id', '=', p.brokerage_id)
            .executeTakeFirstOrThrow();
          await sendInvitation(c, trx, p, b.name);
          return trx.selectFrom('potential_agents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        });
      return c.json(potentialAgentView(row, c.get('now')()));
    },
  }),
  route({
    // Invalidate: the link stops working at once; the row stays (history), marked withdrawn.
    method: 'DELETE',
    path: '/agents-api/potentialAgents/:id{[0-9]+}',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const now = c.get('now')();
      const row = await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const p = await ownPotentialAgent(c, trx, id, true);
          if (p.status === 'INVITE_REDEEMED') throw conflict('This person has already joined');
          return trx
            .updateTable('potential_agents')
            .set({ status: 'INVITE_INVALIDATED', updated_at: now, responded_at: null })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
        });
      return c.json(potentialAgentView(row, now));
    },
  }),
  route({
    method: 'GET',
    path: '/agents-api/brokerages/:id{[0-9]+}/agentInvitations/stats',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      await readableBrokerage(c, id);
      const now = c.get('now')();
      const since = new Date(now.getTime() - 30 * 86_400_000);
      const [rows, recent] = await Promise.all([
        // Counted by the list filter's statuses, so each figure equals its filtered list (an expired invitation is INVITE_EXPIRED).
        c
          .get('db')
          .selectFrom('potential_agents')
          .select([
            sql<string>`case when status = 'INVITE_PENDING' and invite_expires_at <= ${now} then 'INVITE_EXPIRED' else status end`.as(
              'status',
            ),
            sql<number>`count(*)::int`.as('n'),
          ])
          .where('brokerage_id', '=', id)
          .groupBy(sql`1`)
          .execute(),
        c
          .get('db')
          .selectFrom('potential_agents')
          .where('brokerage_id', '=', id)
          .where('invite_sent_at', '>=', since)
          .select([
            sql<number>`count(*)::int`.as('sent'),
            sql<number>`(count(*) filter (where status = 'INVITE_REDEEMED'))::int`.as('accepted'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      const counts = Object.fromEntries(
        POTENTIAL_AGENT_LIST_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0]),
      );
      return c.json({
        brokerageId: id,
        counts,
        sentLast30: recent.sent,
        acceptedLast30: recent.accepted,
      } satisfies InvitationStats);
    },
  }),
];
