import { sql } from 'kysely';
import * as v from 'valibot';

import { OUTREACH_READER_ROLES } from '../../../src/access/roles.ts';
import { SMS_SUPPRESSIONS, type SmsJob, type SmsJobPage } from '../../../src/contract/bulk-sms.ts';
import { personName } from '../../../src/lib/format.ts';
import { route, type AppContext, type RouteDef } from '../../http/route.ts';
import { Paging, query } from '../../http/validate.ts';
import { smsReadScope } from './bulk-sms.ts';

// The Bulk SMS Send page's history of past sends: newest first, each with its counts by outcome
// and suppression reason. Every role the page's route admits reads it, scoped as a
// send's report is: staff every send, a brokerage admin the sends of their brokerage only (see
// docs/decisions/0071). A send's report is GET .../sms/jobs/{id} and .../recipients.

const HistoryQuery = v.object({
  ...Paging,
  status: v.optional(v.picklist(['RUNNING', 'DONE'], 'status must be RUNNING or DONE')),
});

interface Row {
  id: number;
  status: SmsJob['status'];
  message: string;
  total: number;
  created_at: Date;
  finished_at: Date | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  sent: number;
  pending: number;
  dnc: number;
  do_not_contact: number;
  invalid: number;
  duplicate: number;
  quiet_hours: number;
}

async function history(c: AppContext): Promise<Response> {
  const q = query(c, HistoryQuery);
  const db = c.get('db');
  const scope = smsReadScope(c.get('auth').user);
  const where = [
    ...(q.status ? [sql`j.status = ${q.status}`] : []),
    ...(scope !== undefined ? [sql`j.brokerage_id = ${scope}`] : []),
  ];
  const filter = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  // One page of sends (the history index), then each one's outcome counts from the outcome index.
  const [rows, total] = await Promise.all([
    sql<Row>`
      select j.id, j.status, j.message, j.total, j.created_at, j.finished_at, u.first_name, u.last_name, u.email,
        coalesce(o.sent, 0)::int as sent, coalesce(o.pending, 0)::int as pending, coalesce(o.dnc, 0)::int as dnc,
        coalesce(o.do_not_contact, 0)::int as do_not_contact,
        coalesce(o.invalid, 0)::int as invalid, coalesce(o.duplicate, 0)::int as duplicate, coalesce(o.quiet_hours, 0)::int as quiet_hours
      from (select * from sms_jobs j ${filter} order by j.created_at desc, j.id desc limit ${q.pageSize} offset ${q.pageIndex * q.pageSize}) j
      left join users u on u.id = j.created_by
      left join lateral (
        select count(*) filter (where r.status = 'SENT') as sent, count(*) filter (where r.status = 'PENDING') as pending,
          count(*) filter (where r.status = 'SUPPRESSED' and r.reason = 'DNC') as dnc,
          count(*) filter (where r.status = 'SUPPRESSED' and r.reason = 'DO_NOT_CONTACT') as do_not_contact,
          count(*) filter (where r.status = 'SUPPRESSED' and r.reason = 'INVALID') as invalid,
          count(*) filter (where r.status = 'SUPPRESSED' and r.reason = 'DUPLICATE') as duplicate,
          count(*) filter (where r.status = 'SUPPRESSED' and r.reason = 'QUIET_HOURS') as quiet_hours
        from sms_job_recipients r where r.job_id = j.id
      ) o on true
      order by j.created_at desc, j.id desc`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from sms_jobs j ${filter}`.execute(db),
  ]);
  const content = rows.rows.map((r): SmsJob => {
    const byReason = {
      DNC: r.dnc,
      DO_NOT_CONTACT: r.do_not_contact,
      INVALID: r.invalid,
      DUPLICATE: r.duplicate,
      QUIET_HOURS: r.quiet_hours,
    };
    return {
      id: r.id,
      status: r.status,
      message: r.message,
      total: r.total,
      sent: r.sent,
      pending: r.pending,
      suppressed: SMS_SUPPRESSIONS.reduce((n, k) => n + byReason[k], 0),
      byReason,
      createdBy: personName(r.first_name, r.last_name, null) ?? r.email,
      created: new Date(r.created_at).toISOString(),
      finished: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    };
  });
  return c.json({ content, totalElements: total.rows[0]?.n ?? 0 } satisfies SmsJobPage);
}

export const bulkSmsHistoryRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/interviews-api/opportunities/sms/history',
    policy: OUTREACH_READER_ROLES,
    handler: history,
  }),
];
