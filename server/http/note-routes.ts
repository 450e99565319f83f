import { sql } from 'kysely';

import { recordAudit } from './audit-log.ts';
import { countOf, userNameSql, type NoteRow } from './paging.ts';
import { route, type AppContext, type Policy, type RouteDef } from './route.ts';

/*
 * The one notes route factory: a paged list (newest first) and a create for the internal staff notes of
 * one kind of owner (a brokerage, an agent, an opportunity). Each family reads and checks its own input
 * and ownership in `read` (in the order it always has), and shapes the answer against the contract in `view`.
 */

type NoteTable = 'broker_notes' | 'agent_notes' | 'opportunity_notes';
type OwnerColumn = 'brokerage_id' | 'agent_id' | 'opportunity_id';

interface NoteRoutes<T> {
  table: NoteTable;
  ownerColumn: OwnerColumn;
  /** The answer's shape (a contract type, e.g. BrokerNote) from the row and its owner id. */
  view: (n: NoteRow, ownerId: number) => T;
  list: {
    path: string;
    policy: Policy;
    read: (c: AppContext) => Promise<{ ownerId: number; pageIndex: number; pageSize: number }>;
  };
  create: { path: string; policy: Policy; read: (c: AppContext) => Promise<{ ownerId: number; body: string }> };
  /** The owner's "updated" column, moved to the note's time: a record is never older than its newest note. */
  touchOwner?: { table: 'opportunities'; column: 'updated_at' };
  /** The audit action a note by staff records (e.g. OPPORTUNITY_NOTE_ADDED), in the note's transaction. */
  audit?: string;
}

export function noteRoutes<T>(o: NoteRoutes<T>): RouteDef[] {
  const table = sql.table(o.table);
  const owner = sql.ref(`n.${o.ownerColumn}`);
  const select = sql`select n.id, n.body, n.author_user_id, n.created_at, ${userNameSql('u')} as author_name
    from ${table} as n left join users as u on u.id = n.author_user_id`;
  return [
    route({
      method: 'GET',
      path: o.list.path,
      policy: o.list.policy,
      handler: async (c) => {
        const { ownerId, pageIndex, pageSize } = await o.list.read(c);
        const db = c.get('db');
        const [totalElements, rows] = await Promise.all([
          countOf({
            executeTakeFirst: async () =>
              (
                await sql<{ n: number }>`select count(*) as n from ${table} as n where ${owner} = ${ownerId}`.execute(
                  db,
                )
              ).rows[0],
          }),
          sql<NoteRow>`${select} where ${owner} = ${ownerId} order by n.created_at desc, n.id desc
            offset ${pageIndex * pageSize} limit ${pageSize}`.execute(db),
        ]);
        return c.json({ content: rows.rows.map((n) => o.view(n, ownerId)), totalElements });
      },
    }),
    route({
      method: 'POST',
      path: o.create.path,
      policy: o.create.policy,
      handler: async (c) => {
        const { ownerId, body } = await o.create.read(c);
        const db = c.get('db');
        const now = c.get('now')();
        const inserted = await db.transaction().execute(async (trx) => {
          const row = await sql<{
            id: number;
          }>`insert into ${table} (${sql.ref(o.ownerColumn)}, author_user_id, body, created_at)
            values (${ownerId}, ${c.get('auth').user.id}, ${body}, ${now}) returning id`.execute(trx);
          if (o.audit)
            await recordAudit(
              c,
              trx,
              o.audit,
              `note ${row.rows[0]!.id} on ${o.ownerColumn.replace(/_id$/, '')} ${ownerId}`,
            );
          if (o.touchOwner) {
            await sql`update ${sql.table(o.touchOwner.table)} set ${sql.ref(o.touchOwner.column)} = greatest(${sql.ref(o.touchOwner.column)}, ${now}) where id = ${ownerId}`.execute(
              trx,
            );
          }
          return row;
        });
        const n = (await sql<NoteRow>`${select} where n.id = ${inserted.rows[0]!.id}`.execute(db)).rows[0]!;
        return c.json(o.view(n, ownerId), 201);
      },
    }),
  ];
}
