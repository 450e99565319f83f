import { sql } from 'kysely';
import * as v from 'valibot';

import { ADMIN_ROLES, ROLES, STAFF_ROLES } from '../../../src/access/roles.ts';
import type { Page } from '../../../src/contract/common.ts';
import type { AuditRow, ImpersonationSession, UserSummary } from '../../../src/contract/users.ts';
import { personName } from '../../../src/lib/format.ts';
import { isUserManager } from '../../auth/invite-users.ts';
import type { Db } from '../../db/database.ts';
import { forbidden } from '../../http/errors.ts';
import { countOf, IdParam, likeWildcard, Sort, TextParam } from '../../http/paging.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { Paging, query } from '../../http/validate.ts';
import { USER_SUMMARY_COLUMNS } from './user-detail.ts';

// The user-management list (ADMIN, MANAGER, QA_TEAM, CSR_SUPERVISOR, and AGENT_ENGAGEMENT for the
// impersonation lookup: an active BROKERAGE_ADMIN or LOAN_OFFICE_ADMIN of a target) and, for
// ADMIN, the impersonation audit. GET/PATCH of one user live in users.ts.

const ListQuery = v.object({
  ...Paging,
  brokerId: IdParam,
  loanOfficeId: IdParam,
  role: v.optional(v.picklist(ROLES, 'role must be a role name')),
  status: v.optional(v.picklist(['ACTIVE', 'INVITED', 'DISABLED'], 'status must be ACTIVE, INVITED or DISABLED')),
  q: TextParam(),
  sort: Sort(['lastName', 'firstName', 'email', 'created'], 'lastName,ASC'),
});
const USER_SORT = {
  lastName: sql`lower(u.last_name)`,
  firstName: sql`lower(u.first_name)`,
  email: sql`u.email`,
  created: sql`u.created_at`,
};
const AuditQuery = v.object({
  ...Paging,
  actorId: IdParam,
  asUserId: IdParam,
  action: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Z_]{1,40}$/, 'action must be an audit action code')),
    'IMPERSONATED_REQUEST',
  ),
});
/** The impersonation dialog's lookup: the active admin of one brokerage or one loan office. */
const isImpersonationLookup = (q: v.InferOutput<typeof ListQuery>) =>
  q.status === 'ACTIVE' &&
  !q.q &&
  ((q.role === 'BROKERAGE_ADMIN' && q.brokerId !== undefined && q.loanOfficeId === undefined) ||
    (q.role === 'LOAN_OFFICE_ADMIN' && q.loanOfficeId !== undefined && q.brokerId === undefined));
const SESSION_GAP = '30 minutes'; // requests further apart than this start a new impersonation session

async function rolesByUser(db: Db, ids: number[]) {
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('user_roles as ur')
          .innerJoin('roles as r', 'r.id', 'ur.role_id')
          .select(['ur.user_id', 'r.id', 'r.name', 'r.type'])
          .where('ur.user_id', 'in', ids)
          .orderBy('ur.position')
          .orderBy('r.id')
          .execute();
  const map = new Map<number, { id: number; name: string; type: string }[]>();
  for (const r of rows) map.set(r.user_id, [...(map.get(r.user_id) ?? []), { id: r.id, name: r.name, type: r.type }]);
  return map;
}

async function auditUsers(db: Db, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  const rows =
    wanted.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name', 'email'])
          .where('id', 'in', wanted)
          .execute();
  const map = new Map(
    rows.map((u) => [u.id, { id: u.id, name: personName(u.first_name, u.last_name, null), email: u.email }]),
  );
  return (id: number | null) => (id === null ? null : (map.get(id) ?? { id, name: null, email: null }));
}

export const usersAdminRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/users-api/users',
    policy: STAFF_ROLES,
    handler: async (c) => {
      const q = query(c, ListQuery);
      const db = c.get('db');
      // Least privilege: only user managers list users. The others admitted (AGENT_ENGAGEMENT) may
      // only look up the active administrator of one organisation, which impersonation needs.
      if (!isUserManager(c.get('auth').user) && !isImpersonationLookup(q)) {
        throw forbidden('You may look up the active administrator of one brokerage or loan office only');
      }
      // The role's id first: with it as a value the planner knows how many users hold the role (one
      // role holds 15,000 of 40,000 users at 1,000x; through the join it guessed 1,500 and counted them
      // by a nested loop).
      const roleId =
        q.role === undefined
          ? undefined
          : ((await db.selectFrom('roles').select('id').where('name', '=', q.role).executeTakeFirst())?.id ?? 0);
      const filtered = () =>
        db
          .selectFrom('users as u')
          .$if(q.brokerId !== undefined, (qb) => qb.where('u.broker_id', '=', q.brokerId ?? 0))
          .$if(q.loanOfficeId !== undefined, (qb) => qb.where('u.loan_office_id', '=', q.loanOfficeId ?? 0))
          .$if(q.status !== undefined, (qb) => qb.where('u.status', '=', q.status ?? ''))
          .$if(roleId !== undefined, (qb) =>
            qb.where(({ exists, selectFrom }) =>
              exists(
                selectFrom('user_roles as ur')
                  .select('ur.user_id')
                  .whereRef('ur.user_id', '=', 'u.id')
                  .where('ur.role_id', '=', roleId ?? 0),
              ),
            ),
          )
          .$if(Boolean(q.q), (qb) =>
            qb.where(
              sql`users_search_text(u.first_name, u.last_name, u.email, u.phone)`,
              'like',
              likeWildcard((q.q ?? '').toLowerCase()),
            ),
          );
      const columns = USER_SUMMARY_COLUMNS;
      const page = { offset: q.pageIndex * q.pageSize, limit: q.pageSize };
      const direction = q.sort.desc ? 'desc' : 'asc';
      const [totalElements, rows] = await Promise.all([
        countOf(filtered().select((eb) => eb.fn.countAll<number>().as('n'))),
        q.q
          ? // A search's page is sorted from its matches (read by the trigram index, as the count reads
            // them), not found by walking the sort's index: matches bunch together in the sort (every
            // "nguyen" is under N), so that walk read 20,000 users before the first page at 1,000x.
            db
              .with(
                (cte) => cte('matches').materialized(),
                () => filtered().select([...columns, USER_SORT[q.sort.key].as('sort_key')]),
              )
              .selectFrom('matches')
              .selectAll()
              .orderBy('sort_key', direction)
              .orderBy('id')
              .offset(page.offset)
              .limit(page.limit)
              .execute()
          : filtered()
              .select(columns)
              .orderBy(USER_SORT[q.sort.key], direction)
              .orderBy('u.id')
              .offset(page.offset)
              .limit(page.limit)
              .execute(),
      ]);
      const roles = await rolesByUser(
        db,
        rows.map((u) => u.id),
      );
      const content = rows.map((u): UserSummary => ({
        id: u.id,
        email: u.email,
        phone: u.phone,
        firstName: u.first_name,
        lastName: u.last_name,
        roles: roles.get(u.id) ?? [],
        brokerId: u.broker_id,
        loanOfficeId: u.loan_office_id,
        agentId: u.agent_id,
        status: u.status,
        psiLastLogin: u.psi_last_login?.toISOString() ?? null,
        created: u.created_at.toISOString(),
      }));
      return c.json({ content, totalElements } satisfies Page<UserSummary>);
    },
  }),
  route({
    method: 'GET',
    path: '/users-api/impersonation-audit',
    policy: ADMIN_ROLES,
    handler: async (c) => {
      const q = query(c, AuditQuery);
      const db = c.get('db');
      const filtered = () =>
        db
          .selectFrom('audit_log')
          .where('action', '=', q.action)
          .$if(q.actorId !== undefined, (qb) => qb.where('actor_user_id', '=', q.actorId ?? 0))
          .$if(q.asUserId !== undefined, (qb) => qb.where('as_user_id', '=', q.asUserId ?? 0));
      const [totalElements, rows] = await Promise.all([
        countOf(filtered().select((eb) => eb.fn.countAll<number>().as('n'))),
        filtered()
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      const who = await auditUsers(
        db,
        rows.flatMap((r) => [r.actor_user_id, r.as_user_id]),
      );
      const content = rows.map((r): AuditRow => ({
        id: r.id,
        actor: who(r.actor_user_id),
        asUser: who(r.as_user_id),
        action: r.action,
        detail: r.detail,
        created: r.created_at.toISOString(),
      }));
      return c.json({ content, totalElements } satisfies Page<AuditRow>);
    },
  }),
  route({
    method: 'GET',
    path: '/users-api/impersonation-audit/sessions',
    policy: ADMIN_ROLES,
    handler: async (c) => {
      const q = query(c, v.object(Paging));
      const db = c.get('db');
      const sessions = sql`
        select actor_user_id, as_user_id, min(created_at) as started, max(created_at) as ended, count(*)::int as requests
        from (select actor_user_id, as_user_id, created_at,
                sum(starts) over (partition by actor_user_id, as_user_id order by created_at, id rows unbounded preceding) as session_no
              from (select id, actor_user_id, as_user_id, created_at,
                      case when lag(created_at) over (partition by actor_user_id, as_user_id order by created_at, id)
                        > created_at - ${SESSION_GAP}::interval then 0 else 1 end as starts
                    from audit_log where action = 'IMPERSONATED_REQUEST') marked) numbered
        group by actor_user_id, as_user_id, session_no`;
      const [count, page] = await Promise.all([
        sql<{ n: number }>`select count(*)::int as n from (${sessions}) s`.execute(db),
        sql<{ actor_user_id: number | null; as_user_id: number | null; started: Date; ended: Date; requests: number }>`
          select * from (${sessions}) s order by ended desc, actor_user_id, as_user_id
          offset ${q.pageIndex * q.pageSize} limit ${q.pageSize}`.execute(db),
      ]);
      const who = await auditUsers(
        db,
        page.rows.flatMap((r) => [r.actor_user_id, r.as_user_id]),
      );
      const content = page.rows.map((r): ImpersonationSession => ({
        actor: who(r.actor_user_id),
        asUser: who(r.as_user_id),
        started: new Date(r.started).toISOString(),
        ended: new Date(r.ended).toISOString(),
        requests: r.requests,
      }));
      return c.json({ content, totalElements: count.rows[0]?.n ?? 0 } satisfies Page<ImpersonationSession>);
    },
  }),
];
