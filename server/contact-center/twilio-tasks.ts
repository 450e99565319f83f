import { sql } from 'kysely';

import type { Db } from '../db/database.ts';
import type { TaskChannel, TaskStatus } from '../db/schema-staff-review.ts';

// The contact center's Twilio TaskRouter tasks: the one place a real Twilio client plugs in
// (docs/spec/DECISIONS.md, stand-ins at the boundary). The proxy routes (server/routes/contact-center-api)
// call a TaskProvider; the reference API cannot reach Twilio, so TWILIO_TASKS_PROVIDER unset or
// 'stand-in' reads and deletes rows of contact_center_tasks. A real provider would list
// GET /v1/Workspaces/{TWILIO_WORKSPACE_SID}/Tasks and DELETE .../Tasks/{sid} with the account's
// credentials and map them to the same TaskRow.

/** How long a task may sit in a status before the console calls it stuck. */
export const STUCK_AFTER_MINUTES: Record<TaskStatus, number> = {
  pending: 30,
  reserved: 5,
  assigned: 120,
  wrapping: 15,
};

export interface TaskRow {
  sid: string;
  status: TaskStatus;
  channel: TaskChannel;
  queue: string;
  created: Date;
  stuck: boolean;
  assigneeId: number | null;
  assigneeName: string | null;
  opportunityId: number | null;
  clientFirst: string | null;
  clientLast: string | null;
  brokerageName: string | null;
}

export interface TaskQuery {
  /** Only this brokerage's tasks (a brokerage admin); null for every task. */
  brokerageId: number | null;
  status?: TaskStatus | undefined;
  channel?: TaskChannel | undefined;
  stuck?: boolean | undefined;
  sortDesc: boolean;
  pageIndex: number;
  pageSize: number;
  now: Date;
}

export interface TaskProvider {
  list(db: Db, q: TaskQuery): Promise<{ rows: TaskRow[]; total: number }>;
  /** The task's brokerage (null: none) or undefined when there is no such task. */
  owner(db: Db, sid: string): Promise<{ brokerageId: number | null } | undefined>;
  remove(db: Db, sid: string): Promise<boolean>;
}

const stuckSql = (now: Date) => sql<boolean>`(t.created_at < ${now}::timestamptz - make_interval(mins => case t.status
  ${sql.join(
    Object.entries(STUCK_AFTER_MINUTES).map(([s, m]) => sql`when ${s} then ${m}::int`),
    sql` `,
  )} end))`;

/**
 * The list's total without reading the tasks (migration 055): the kept counts per brokerage, status
 * and channel, less or only the stuck ones, which a range of contact_center_tasks_stuck_idx per status
 * counts (a task is stuck once older than its status's limit, so the count depends on the hour).
 */
async function countTasks(db: Db, q: TaskQuery): Promise<number> {
  const kept = db
    .selectFrom('contact_center_task_counts')
    .select(sql<number>`coalesce(sum(n), 0)::int`.as('n'))
    .$if(q.brokerageId !== null, (b) => b.where('brokerage_key', '=', q.brokerageId ?? 0))
    .$if(q.status !== undefined, (b) => b.where('status', '=', q.status!))
    .$if(q.channel !== undefined, (b) => b.where('channel', '=', q.channel!));
  const all = async () => (await kept.executeTakeFirstOrThrow()).n;
  if (q.stuck === undefined) return all();
  const statuses = (Object.keys(STUCK_AFTER_MINUTES) as TaskStatus[]).filter(
    (s) => q.status === undefined || s === q.status,
  );
  const perStatus = statuses.map(
    (s) => sql`(select count(*) from contact_center_tasks t where t.status = ${s}
      and t.created_at < ${q.now}::timestamptz - make_interval(mins => ${STUCK_AFTER_MINUTES[s]}::int)
      ${q.brokerageId !== null ? sql`and t.brokerage_id = ${q.brokerageId}` : sql``}
      ${q.channel !== undefined ? sql`and t.channel = ${q.channel}` : sql``})`,
  );
  const stuck = (await sql<{ n: number }>`select (${sql.join(perStatus, sql` + `)})::int as n`.execute(db)).rows[0]!.n;
  return q.stuck ? stuck : (await all()) - stuck;
}

const standIn: TaskProvider = {
  async list(db, q) {
    const base = () =>
      db
        .selectFrom('contact_center_tasks as t')
        .$if(q.brokerageId !== null, (b) => b.where('t.brokerage_id', '=', q.brokerageId ?? 0))
        .$if(q.status !== undefined, (b) => b.where('t.status', '=', q.status!))
        .$if(q.channel !== undefined, (b) => b.where('t.channel', '=', q.channel!))
        .$if(q.stuck !== undefined, (b) => b.where(q.stuck ? stuckSql(q.now) : sql<boolean>`not ${stuckSql(q.now)}`));
    const [total, rows] = await Promise.all([
      countTasks(db, q),
      base()
        .leftJoin('users as u', 'u.id', 't.assignee_user_id')
        .leftJoin('opportunities as o', 'o.id', 't.opportunity_id')
        .leftJoin('brokerages as b', 'b.id', 't.brokerage_id')
        .select([
          't.sid',
          't.status',
          't.channel',
          't.queue_name as queue',
          't.created_at as created',
          't.assignee_user_id as assigneeId',
          't.opportunity_id as opportunityId',
          'o.contact_first as clientFirst',
          'o.contact_last as clientLast',
          'b.name as brokerageName',
        ])
        .select([
          stuckSql(q.now).as('stuck'),
          sql<string | null>`nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')`.as('assigneeName'),
        ])
        .orderBy('t.created_at', q.sortDesc ? 'desc' : 'asc')
        .orderBy('t.id', q.sortDesc ? 'desc' : 'asc')
        .offset(q.pageIndex * q.pageSize)
        .limit(q.pageSize)
        .execute(),
    ]);
    return { rows, total };
  },
  async owner(db, sid) {
    const row = await db
      .selectFrom('contact_center_tasks')
      .select('brokerage_id')
      .where('sid', '=', sid)
      .executeTakeFirst();
    return row ? { brokerageId: row.brokerage_id } : undefined;
  },
  async remove(db, sid) {
    const res = await db.deleteFrom('contact_center_tasks').where('sid', '=', sid).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  },
};

/** The configured provider; only the stand-in exists in the reference API. */
export function taskProvider(env: NodeJS.ProcessEnv = process.env): TaskProvider {
  const name = env['TWILIO_TASKS_PROVIDER'] ?? 'stand-in';
  if (name !== 'stand-in') throw new Error(`TWILIO_TASKS_PROVIDER=${name}: no such task provider (only stand-in)`);
  return standIn;
}
