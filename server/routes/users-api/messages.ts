import { sql } from 'kysely';
import * as v from 'valibot';

import { OUTREACH_MANAGER_ROLES } from '../../../src/access/roles.ts';
import {
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  MESSAGE_STATUSES,
  type OutboxMessage,
  type OutboxMessagePage,
} from '../../../src/contract/messages.ts';
import { maskRecipient } from '../../../src/lib/mask.ts';
import type { Db } from '../../db/database.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { IdParams, Paging, params, query } from '../../http/validate.ts';
import { REMOVED_BODY } from '../../messages/relay.ts';
import { wakeRelays } from '../../messages/wake.ts';

// The Messages screen (Diagnostic Tools): the outbox with each message's delivery, newest first,
// and sending a given-up message again. The text of a message is never answered.

const MessageQuery = v.object({
  ...Paging,
  status: v.optional(v.picklist(MESSAGE_STATUSES, 'must be a message status')),
  channel: v.optional(v.picklist(MESSAGE_CHANNELS, 'must be EMAIL or SMS')),
  kind: v.optional(v.picklist(MESSAGE_KINDS, 'must be a message kind')),
});

const columns = [
  'id',
  'channel',
  'kind',
  'recipient',
  'subject',
  'status',
  'attempts',
  'last_error',
  'provider_id',
  'created_at',
  'sent_at',
  'body',
] as const;

function toMessage(r: {
  id: number;
  channel: 'EMAIL' | 'SMS';
  kind: OutboxMessage['kind'];
  recipient: string;
  subject: string | null;
  status: OutboxMessage['status'];
  attempts: number;
  last_error: string | null;
  provider_id: string | null;
  created_at: Date;
  sent_at: Date | null;
  body: string;
}): OutboxMessage {
  return {
    id: r.id,
    channel: r.channel,
    kind: r.kind,
    recipient: maskRecipient(r.recipient),
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    providerId: r.provider_id,
    createdAt: r.created_at.toISOString(),
    sentAt: r.sent_at ? r.sent_at.toISOString() : null,
    canResend: r.status === 'dead' && r.kind !== 'code' && r.body !== REMOVED_BODY,
  };
}

const byId = (db: Db, id: number) => db.selectFrom('outbox').select(columns).where('id', '=', id);

export const messageRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/users-api/messages',
    policy: OUTREACH_MANAGER_ROLES,
    handler: async (c) => {
      const q = query(c, MessageQuery);
      const db = c.get('db');
      const filtered = () =>
        db
          .selectFrom('outbox')
          .$if(q.status !== undefined, (qb) => qb.where('status', '=', q.status!))
          .$if(q.channel !== undefined, (qb) => qb.where('channel', '=', q.channel!))
          .$if(q.kind !== undefined, (qb) => qb.where('kind', '=', q.kind!));
      const [total, rows] = await Promise.all([
        filtered()
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow(),
        filtered()
          .select(columns)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      return c.json({ content: rows.map(toMessage), totalElements: Number(total.n) } satisfies OutboxMessagePage);
    },
  }),
  route({
    method: 'POST',
    path: '/users-api/messages/:id/resend',
    policy: OUTREACH_MANAGER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const now = c.get('now')();
      const actor = c.get('auth').actor;
      const message = await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          const row = await byId(trx, id).forUpdate().executeTakeFirst();
          if (!row) throw notFound('Message not found');
          if (row.status !== 'dead') throw conflict('Only a message that was given up can be sent again');
          if (row.kind === 'code' || row.body === REMOVED_BODY)
            throw conflict('A one-time code is not sent again: the person asks for a new one');
          await trx
            .updateTable('outbox')
            .set({
              status: 'queued',
              attempts: 0,
              next_attempt_at: now,
              last_error: null,
              claimed_until: null,
              updated_at: now,
            })
            .where('id', '=', id)
            .execute();
          await trx
            .insertInto('audit_log')
            .values({
              actor_user_id: actor.id,
              as_user_id: null,
              action: 'MESSAGE_RESENT',
              detail: `message ${id} (${row.channel} ${row.kind})`,
              created_at: now,
            })
            .execute();
          return toMessage({ ...(await byId(trx, id).executeTakeFirstOrThrow()) });
        });
      wakeRelays();
      return c.json(message satisfies OutboxMessage);
    },
  }),
];
