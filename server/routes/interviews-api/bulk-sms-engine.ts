import { sql } from 'kysely';
import {
  MAX_SMS_RECIPIENTS, SMS_SUPPRESSIONS, type SmsJob, type SmsPreflight, type SmsRequest, type SmsSuppression, type SuppressedRecipient,
} from '../../../src/contract/bulk-sms.ts';
import { personName } from '../../../src/lib/format.ts';
import { hasOptOutWording, quietHoursChecker, renderMessage, smsNumber, smsSegments, unknownMergeFields } from '../../../src/lib/sms.ts';
import { sendSmsMany } from '../../auth/outbox.ts';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';

// The bulk SMS engine (issue 15): who the recipients are, the compliance pre-flight (invalid,
// duplicate, DNC, quiet hours), and the send job that texts the rest through the SMS stand-in
// (the outbox) in batches, each batch's outbox rows and recipient states in one transaction.

export interface Candidate { raw: string; opportunityId: number | null; first: string | null; last: string | null; brokerage: string | null }
export interface Analysed extends Candidate { position: number; e164: string | null; reason: SmsSuppression | null; body: string | null }

const DAY_MS = 86_400_000;

/** The recipients of a request: the matching opportunities (id order) or the pasted numbers (list order). */
export async function candidatesOf(db: Db, req: SmsRequest, brokerageId: number | undefined): Promise<Candidate[]> {
  if (req.source === 'NUMBERS') {
    const raw = (req.numbers ?? '').split(/\r\n|\r|\n|,|;/).map((s) => s.trim()).filter(Boolean);
    if (raw.length > MAX_SMS_RECIPIENTS) throw badRequest('The request is not valid', { numbers: `At most ${MAX_SMS_RECIPIENTS.toLocaleString('en-US')} numbers per send` });
    return raw.map((r) => ({ raw: r.slice(0, 40), opportunityId: null, first: null, last: null, brokerage: null }));
  }
  let q = db.selectFrom('opportunities as o').innerJoin('brokerages as b', 'b.id', 'o.brokerage_id')
    .select(['o.id', 'o.contact_phone', 'o.contact_first', 'o.contact_last', 'b.name']);
  if (req.status && req.status.length > 0) q = q.where('o.status', 'in', req.status);
  if (brokerageId !== undefined) q = q.where('o.brokerage_id', '=', brokerageId);
  if (req.createdFrom) q = q.where('o.created_at', '>=', new Date(`${req.createdFrom}T00:00:00Z`));
  if (req.createdTo) q = q.where('o.created_at', '<', new Date(new Date(`${req.createdTo}T00:00:00Z`).getTime() + DAY_MS));
  const rows = await q.orderBy('o.id').limit(MAX_SMS_RECIPIENTS + 1).execute();
  if (rows.length > MAX_SMS_RECIPIENTS) throw badRequest('The request is not valid', { status: `More than ${MAX_SMS_RECIPIENTS.toLocaleString('en-US')} recipients: narrow the selection` });
  return rows.map((r) => ({ raw: r.contact_phone ?? '', opportunityId: r.id, first: r.contact_first, last: r.contact_last, brokerage: r.name }));
}

/** The pre-flight: each recipient's number, suppression reason (first that applies) and text. */
export async function analyse(db: Db, message: string, candidates: Candidate[], now: Date): Promise<Analysed[]> {
  const unknown = unknownMergeFields(message);
  if (unknown.length > 0) throw badRequest('The request is not valid', { message: `Unknown merge field: {${unknown.join('}, {')}}` });
  const numbers = candidates.map((c) => smsNumber(c.raw));
  const distinct = [...new Set(numbers.filter((n): n is string => n !== null))];
  const dnc = new Set<string>();
  for (let i = 0; i < distinct.length; i += 5000) {
    const chunk = distinct.slice(i, i + 5000);
    const rows = await sql<{ value: string }>`select value from dnc_contacts where type = 'PHONE' and value = any(${chunk}::text[])`.execute(db);
    for (const r of rows.rows) dnc.add(r.value);
  }
  const open = quietHoursChecker(now);
  const seen = new Set<string>();
  return candidates.map((c, i) => {
    const e164 = numbers[i] ?? null;
    let reason: SmsSuppression | null = null;
    if (e164 === null) reason = 'INVALID';
    else if (seen.has(e164)) reason = 'DUPLICATE';
    else if (dnc.has(e164)) reason = 'DNC';
    else if (!open(e164)) reason = 'QUIET_HOURS';
    if (e164 !== null) seen.add(e164);
    const body = reason === null ? renderMessage(message, { firstName: c.first, lastName: c.last, brokerage: c.brokerage }) : null;
    return { ...c, position: i + 1, e164, reason, body };
  });
}

const zeroReasons = (): Record<SmsSuppression, number> => ({ DNC: 0, INVALID: 0, DUPLICATE: 0, QUIET_HOURS: 0 });
const LIST_LIMIT = 1000;

export function preflightOf(message: string, rows: Analysed[]): SmsPreflight {
  const byReason = zeroReasons();
  const suppressedList: SuppressedRecipient[] = [];
  let parts = 0;
  let sample: string | null = null;
  for (const r of rows) {
    if (r.reason) {
      byReason[r.reason] += 1;
      if (suppressedList.length < LIST_LIMIT) suppressedList.push({ position: r.position, phone: r.raw, name: personName(r.first, r.last, null), reason: r.reason });
    } else if (r.body !== null) {
      parts += smsSegments(r.body).segments;
      sample ??= r.body;
    }
  }
  const suppressed = SMS_SUPPRESSIONS.reduce((n, k) => n + byReason[k], 0);
  const warnings = hasOptOutWording(message) ? [] : ['The message has no opt-out wording: add "Reply STOP to opt out".'];
  return { total: rows.length, sendable: rows.length - suppressed, suppressed, byReason, suppressedList, listTruncated: suppressed > suppressedList.length, parts, sample, warnings };
}

// ---- The job ----------------------------------------------------------------------------------

const BATCH = 100;
/** Jobs this process is working on, per database (tests run many databases in one process). */
const working = new WeakMap<Db, Set<number>>();

/**
 * Works a job until no recipient is PENDING. Safe to call again (a poll after a restart calls it):
 * batches are claimed with FOR UPDATE SKIP LOCKED, and a recipient's outbox row and its SENT
 * state commit together, so no number is texted twice. Quiet hours are checked again per batch:
 * a send that runs into 9 PM suppresses the rest instead of texting late.
 */
export function runJob(db: Db, jobId: number, now: () => Date): Promise<void> {
  let set = working.get(db);
  if (!set) working.set(db, set = new Set());
  if (set.has(jobId)) return Promise.resolve();
  set.add(jobId);
  const mine = set;
  const work = async () => {
    for (;;) {
      const done = await db.transaction().execute(async (trx) => {
        const batch = await trx.selectFrom('sms_job_recipients').select(['position', 'phone', 'body']).where('job_id', '=', jobId)
          .where('status', '=', 'PENDING').orderBy('position').limit(BATCH).forUpdate().skipLocked().execute();
        const at = now();
        if (batch.length === 0) {
          const finished = await trx.updateTable('sms_jobs').set({ status: 'DONE', finished_at: at }).where('id', '=', jobId).where('status', '=', 'RUNNING').returning(['created_by']).executeTakeFirst();
          if (finished) {
            const sent = await trx.selectFrom('sms_job_recipients').select((eb) => eb.fn.countAll<number>().as('n')).where('job_id', '=', jobId).where('status', '=', 'SENT').executeTakeFirstOrThrow();
            await trx.insertInto('audit_log').values({ actor_user_id: finished.created_by, as_user_id: finished.created_by, action: 'BULK_SMS_DONE', detail: `job ${jobId}: ${Number(sent.n)} sent`, created_at: at }).execute();
          }
          return true;
        }
        const open = quietHoursChecker(at);
        const send = batch.filter((r) => open(r.phone));
        const late = batch.filter((r) => !open(r.phone));
        await sendSmsMany(trx, send.map((r) => ({ to: r.phone, body: r.body ?? '' })), at);
        if (send.length > 0) await trx.updateTable('sms_job_recipients').set({ status: 'SENT', sent_at: at }).where('job_id', '=', jobId).where('position', 'in', send.map((r) => r.position)).execute();
        if (late.length > 0) await trx.updateTable('sms_job_recipients').set({ status: 'SUPPRESSED', reason: 'QUIET_HOURS', body: null }).where('job_id', '=', jobId).where('position', 'in', late.map((r) => r.position)).execute();
        return false;
      });
      if (done) return;
      await new Promise((resolve) => setTimeout(resolve, 5)); // pacing: other requests run between batches
    }
  };
  return work().catch((err: unknown) => { console.error(`bulk SMS job ${jobId}:`, err); }).finally(() => { mine.delete(jobId); });
}

export const isRunningHere = (db: Db, jobId: number) => working.get(db)?.has(jobId) ?? false;

/** A job with its counts by state and reason. */
export async function jobView(db: Db, jobId: number): Promise<SmsJob | undefined> {
  const job = await db.selectFrom('sms_jobs as j').leftJoin('users as u', 'u.id', 'j.created_by')
    .select(['j.id', 'j.status', 'j.message', 'j.total', 'j.created_at', 'j.finished_at', 'u.first_name', 'u.last_name', 'u.email'])
    .where('j.id', '=', jobId).executeTakeFirst();
  if (!job) return undefined;
  const counts = await db.selectFrom('sms_job_recipients').select(['status', 'reason', (eb) => eb.fn.countAll<number>().as('n')])
    .where('job_id', '=', jobId).groupBy(['status', 'reason']).execute();
  const byReason = zeroReasons();
  let sent = 0;
  let pending = 0;
  for (const r of counts) {
    if (r.status === 'SENT') sent += Number(r.n);
    else if (r.status === 'PENDING') pending += Number(r.n);
    else if (r.reason) byReason[r.reason] += Number(r.n);
  }
  return {
    id: job.id, status: job.status, message: job.message, total: job.total, sent, pending,
    suppressed: SMS_SUPPRESSIONS.reduce((n, k) => n + byReason[k], 0), byReason,
    createdBy: personName(job.first_name, job.last_name, null) ?? job.email, created: job.created_at.toISOString(), finished: job.finished_at?.toISOString() ?? null,
  };
}
