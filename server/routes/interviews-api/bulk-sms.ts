import * as v from 'valibot';

import { BROKERAGE_WORKSPACE_ROLES, OUTREACH_READER_ROLES, type Role } from '../../../src/access/roles.ts';
import {
  SmsRequest,
  type SmsJob,
  type SmsJobPage,
  type SmsJobRecipientPage,
  type SmsPreflight,
} from '../../../src/contract/bulk-sms.ts';
import { personName } from '../../../src/lib/format.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { assertBrokerage, notYoursError } from '../../http/ownership.ts';
import { route, type AppContext, type AuthUser, type RouteDef } from '../../http/route.ts';
import { formBody, IdParams, Paging, params, query } from '../../http/validate.ts';
import { analyse, candidatesOf, isRunningHere, jobView, preflightOf, runJob } from './bulk-sms-engine.ts';

// Bulk SMS Send (spec 1 section 6, bulk-sms-send: ADMIN, AGENT_ENGAGEMENT; the list also
// BROKERAGE_ADMIN, CSR_VIEW_OPPORTUNITIES). Staff send to any opportunities or a pasted list; a
// brokerage admin only to their own brokerage's opportunities; CSR_VIEW_OPPORTUNITIES reads the
// sends (view only). The send is POST /interviews-api/opportunities/sms (form-encoded, spec 2).

const hasRole = (roles: readonly Role[], role: Role) => roles.includes(role);
/** The readers tied to no brokerage: every reader but the brokerage admin. */
const STAFF_READERS: readonly Role[] = OUTREACH_READER_ROLES.filter((r) => r !== 'BROKERAGE_ADMIN');

/**
 * The brokerage whose sends the caller may read: undefined for staff (every send), else the
 * brokerage admin's own (a send records the brokerage its selection was limited to; -1 when the
 * admin has none, which matches no send). Staff sends without a brokerage are staff's alone.
 */
export function smsReadScope(user: AuthUser): number | undefined {
  if (user.roles.some((r) => STAFF_READERS.includes(r))) return undefined;
  return user.brokerId ?? -1;
}
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
const JobsQuery = v.object({ ...Paging });
const RecipientsQuery = v.object({
  ...Paging,
  status: v.optional(v.picklist(['PENDING', 'SENT', 'SUPPRESSED'], 'status must be PENDING, SENT or SUPPRESSED')),
});

/** The brokerage the caller's selection is limited to (undefined: any), checking what they may send to. */
function scopeOf(c: AppContext, req: SmsRequest): number | undefined {
  const user = c.get('auth').user;
  if (hasRole(user.roles, 'ADMIN') || hasRole(user.roles, 'AGENT_ENGAGEMENT')) return req.brokerageId;
  if (req.source !== 'OPPORTUNITIES')
    throw forbidden('A brokerage admin sends to their own brokerage’s opportunities only');
  if (user.brokerId === null) throw forbidden('You have no brokerage');
  if (req.brokerageId !== undefined) assertBrokerage(user, req.brokerageId);
  return user.brokerId;
}

/** A job the caller may read: staff any, a brokerage admin those sent for their brokerage. */
async function readableJob(c: AppContext, id: number): Promise<SmsJob> {
  const row = await c
    .get('db')
    .selectFrom('sms_jobs')
    .select(['id', 'brokerage_id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  const scope = smsReadScope(c.get('auth').user);
  // One answer for another brokerage's send and for one that does not exist (ids are not probed).
  if (scope !== undefined && (!row || row.brokerage_id !== scope)) throw notYoursError();
  if (!row) throw notFound('No such SMS send');
  if (row.status === 'RUNNING' && !isRunningHere(c.get('db'), id)) void runJob(c.get('db'), id, c.get('now'));
  const job = await jobView(c.get('db'), id);
  if (!job) throw notFound('No such SMS send');
  return job;
}

export const bulkSmsRoutes: RouteDef[] = [
  route({
    method: 'POST',
    path: '/interviews-api/opportunities/sms/preflight',
    policy: BROKERAGE_WORKSPACE_ROLES,
    handler: async (c) => {
      const req = await formBody(c, SmsRequest);
      const brokerageId = scopeOf(c, req);
      const rows = await analyse(
        c.get('db'),
        req.message,
        await candidatesOf(c.get('db'), req, brokerageId),
        c.get('now')(),
      );
      return c.json(preflightOf(req.message, rows) satisfies SmsPreflight);
    },
  }),
  route({
    method: 'POST',
    path: '/interviews-api/opportunities/sms',
    policy: BROKERAGE_WORKSPACE_ROLES,
    handler: async (c) => {
      const key = c.req.header('Idempotency-Key') ?? '';
      if (!IDEMPOTENCY_KEY.test(key))
        throw badRequest('The request is not valid', {
          'Idempotency-Key': 'An Idempotency-Key header of 8 to 100 letters, digits, - or _ is required',
        });
      const req = await formBody(c, SmsRequest);
      const brokerageId = scopeOf(c, req);
      const criteria = JSON.stringify({ ...req, brokerageId: brokerageId ?? null });
      const db = c.get('db');
      const actor = c.get('auth').actor.id;
      const existing = await db
        .selectFrom('sms_jobs')
        .select(['id', 'created_by', 'criteria'])
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      if (existing) {
        if (existing.created_by !== actor || existing.criteria !== criteria)
          throw conflict('This Idempotency-Key was used for a different send');
        return c.json((await readableJob(c, existing.id)) satisfies SmsJob, 200);
      }
      const now = c.get('now')();
      const rows = await analyse(db, req.message, await candidatesOf(db, req, brokerageId), now);
      const pre = preflightOf(req.message, rows);
      if (pre.sendable === 0)
        throw badRequest('Nothing to send: every recipient is suppressed', {
          recipients: 'No recipient can be texted now',
        });
      const jobId = await db.transaction().execute(async (trx) => {
        const job = await trx
          .insertInto('sms_jobs')
          .values({
            idempotency_key: key,
            created_by: actor,
            brokerage_id: brokerageId ?? null,
            message: req.message,
            criteria,
            status: 'RUNNING',
            total: rows.length,
            created_at: now,
          })
          .onConflict((oc) => oc.column('idempotency_key').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!job) return null; // a parallel retry with the same key won the insert
        for (let i = 0; i < rows.length; i += 1000) {
          await trx
            .insertInto('sms_job_recipients')
            .values(
              rows.slice(i, i + 1000).map((r) => ({
                job_id: job.id,
                position: r.position,
                phone: r.e164 ?? r.raw,
                opportunity_id: r.opportunityId,
                body: r.body,
                status: r.reason ? ('SUPPRESSED' as const) : ('PENDING' as const),
                reason: r.reason,
              })),
            )
            .execute();
        }
        const reasons = Object.entries(pre.byReason)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ');
        await trx
          .insertInto('audit_log')
          .values({
            actor_user_id: actor,
            as_user_id: c.get('auth').user.id,
            action: 'BULK_SMS_SENT',
            detail: `job ${job.id}: ${pre.total} recipients, ${pre.sendable} to send (${pre.parts} parts), suppressed ${reasons}`,
            created_at: now,
          })
          .execute();
        return job.id;
      });
      if (jobId === null) {
        const winner = await db
          .selectFrom('sms_jobs')
          .select('id')
          .where('idempotency_key', '=', key)
          .executeTakeFirstOrThrow();
        return c.json((await readableJob(c, winner.id)) satisfies SmsJob, 200);
      }
      void runJob(db, jobId, c.get('now'));
      return c.json((await jobView(db, jobId)) satisfies SmsJob | undefined, 202);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/opportunities/sms/jobs',
    policy: OUTREACH_READER_ROLES,
    handler: async (c) => {
      const q = query(c, JobsQuery);
      const scope = smsReadScope(c.get('auth').user);
      const base = c
        .get('db')
        .selectFrom('sms_jobs')
        .$if(scope !== undefined, (qb) => qb.where('brokerage_id', '=', scope ?? -1));
      const [count, ids] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        base
          .select('id')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      const content = (await Promise.all(ids.map((r) => jobView(c.get('db'), r.id)))).filter(
        (j): j is SmsJob => j !== undefined,
      );
      return c.json({ content, totalElements: Number(count.n) } satisfies SmsJobPage);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/opportunities/sms/jobs/:id{[0-9]+}',
    policy: OUTREACH_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      return c.json((await readableJob(c, id)) satisfies SmsJob);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/opportunities/sms/jobs/:id{[0-9]+}/recipients',
    policy: OUTREACH_READER_ROLES,
    handler: async (c) => {
      const { id } = params(c, IdParams);
      const q = query(c, RecipientsQuery);
      await readableJob(c, id);
      const base = c
        .get('db')
        .selectFrom('sms_job_recipients as r')
        .where('r.job_id', '=', id)
        .$if(!!q.status, (qb) => qb.where('r.status', '=', q.status ?? 'SENT'));
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        // The lead's name as it is now (a pasted number has none): the report says who each row is.
        base
          .leftJoin('opportunities as o', 'o.id', 'r.opportunity_id')
          .select([
            'r.position',
            'r.phone',
            'r.status',
            'r.reason',
            'r.sent_at',
            'r.opportunity_id',
            'o.contact_first',
            'o.contact_last',
          ])
          .orderBy('r.position')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      const content = rows.map((r) => ({
        position: r.position,
        phone: r.phone,
        status: r.status,
        reason: r.reason,
        sentAt: r.sent_at?.toISOString() ?? null,
        opportunityId: r.opportunity_id,
        name: personName(r.contact_first, r.contact_last, null),
      }));
      return c.json({ content, totalElements: Number(count.n) } satisfies SmsJobRecipientPage);
    },
  }),
];
