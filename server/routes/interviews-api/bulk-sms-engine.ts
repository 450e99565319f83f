import { sql } from 'kysely';

import {
  MAX_SMS_RECIPIENTS,
  SMS_SUPPRESSIONS,
  type SmsJob,
  type SmsPreflight,
  type SmsRequest,
  type SmsSuppression,
  type SuppressedRecipient,
} from '../../../src/contract/bulk-sms.ts';
import { personName } from '../../../src/lib/format.ts';
import {
  hasOptOutWording,
  quietHoursChecker,
  renderMessage,
  smsNumber,
  smsSegments,
  unknownMergeFields,
} from '../../../src/lib/sms.ts';
import { sendSmsMany } from '../../auth/outbox.ts';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { processLog } from '../../observability/logger.ts';

// The bulk SMS engine: who the recipients are, the compliance pre-flight (invalid,
// opted out, duplicate, quiet hours), and the send job that texts the rest through the SMS stand-in
// (the outbox) in batches, each batch's outbox rows and recipient states in one transaction.
// Opt-outs (TCPA) are judged before quiet hours, at the pre-flight, when the job is
// written and again for every batch as it goes out: see `optOutChecker`.

export interface Candidate {
  raw: string;
  opportunityId: number | null;
  first: string | null;
  last: string | null;
  brokerage: string | null;
}
export interface Analysed extends Candidate {
  position: number;
  e164: string | null;
  reason: SmsSuppression | null;
  body: string | null;
}

const DAY_MS = 86_400_000;

/** The recipients of a request: the matching opportunities (id order) or the pasted numbers (list order). */
export async function candidatesOf(db: Db, req: SmsRequest, brokerageId: number | undefined): Promise<Candidate[]> {
  if (req.source === 'NUMBERS') {
    const raw = (req.numbers ?? '')
      .split(/\r\n|\r|\n|,|;/)
      .map((s) => s.trim())
      .filter(Boolean);
    if (raw.length > MAX_SMS_RECIPIENTS)
      throw badRequest('The request is not valid', {
        numbers: `At most ${MAX_SMS_RECIPIENTS.toLocaleString('en-US')} numbers per send`,
      });
    return raw.map((r) => ({ raw: r.slice(0, 40), opportunityId: null, first: null, last: null, brokerage: null }));
  }
  let q = db
    .selectFrom('opportunities as o')
    .innerJoin('brokerages as b', 'b.id', 'o.brokerage_id')
    .select(['o.id', 'o.contact_phone', 'o.contact_first', 'o.contact_last', 'b.name']);
  if (req.status && req.status.length > 0) q = q.where('o.status', 'in', req.status);
  if (brokerageId !== undefined) q = q.where('o.brokerage_id', '=', brokerageId);
  if (req.createdFrom) q = q.where('o.created_at', '>=', new Date(`${req.createdFrom}T00:00:00Z`));
  if (req.createdTo)
    q = q.where('o.created_at', '<', new Date(new Date(`${req.createdTo}T00:00:00Z`).getTime() + DAY_MS));
  const rows = await q
    .orderBy('o.id')
    .limit(MAX_SMS_RECIPIENTS + 1)
    .execute();
  if (rows.length > MAX_SMS_RECIPIENTS)
    throw badRequest('The request is not valid', {
      status: `More than ${MAX_SMS_RECIPIENTS.toLocaleString('en-US')} recipients: narrow the selection`,
    });
  return rows.map((r) => ({
    raw: r.contact_phone ?? '',
    opportunityId: r.id,
    first: r.contact_first,
    last: r.contact_last,
    brokerage: r.name,
  }));
}

// ---- Opt-outs ----------------------------------------------------------------------------------

/** Lead statuses that mean the person must not be contacted (the opt-out statuses). */
const OPTED_OUT_STATUSES = ['DO_NOT_CONTACT'] as const;
const CHUNK = 5000;
/** A stored phone as +1 and its last ten digits (opportunities keep numbers as they were entered). */
const storedE164 = sql<string>`'+1' || right(regexp_replace(o.contact_phone, '[^0-9]', '', 'g'), 10)`;

export interface Recipient {
  e164: string | null;
  opportunityId: number | null;
}
export type OptOut = Extract<SmsSuppression, 'DNC' | 'DO_NOT_CONTACT'>;

/**
 * Every way a recipient is opted out, looked up for a set of recipients at once (in the caller's
 * transaction), as a checker answering the reason or null:
 * - DNC: the number is on the DNC list (an inbound STOP puts it there), or the recipient's lead
 *   has its e-mail address on the DNC list;
 * - DO_NOT_CONTACT: the recipient's lead has an opted-out status, or the number belongs to any lead
 *   with one (a pasted number, or the same person entered as another lead).
 * The pre-flight and job creation (`analyse`) and each batch of a job (`runJob`) ask it, always
 * before quiet hours, so the reason given is the compliance one whatever the time of day.
 */
export async function optOutChecker(
  db: Db,
  recipients: readonly Recipient[],
): Promise<(r: Recipient) => OptOut | null> {
  const phones = [...new Set(recipients.map((r) => r.e164).filter((p): p is string => p !== null))];
  const ids = [...new Set(recipients.map((r) => r.opportunityId).filter((id): id is number => id !== null))];
  const dncPhones = new Set<string>();
  const dncLeads = new Set<number>();
  const optedOutPhones = new Set<string>();
  const optedOutLeads = new Set<number>();
  const statuses = [...OPTED_OUT_STATUSES];
  for (let i = 0; i < phones.length; i += CHUNK) {
    const chunk = phones.slice(i, i + CHUNK);
    const dnc = await sql<{
      value: string;
    }>`select value from dnc_contacts where type = 'PHONE' and value = any(${chunk}::text[])`.execute(db);
    for (const r of dnc.rows) dncPhones.add(r.value);
    const leads = await sql<{ phone: string }>`select distinct ${storedE164} as phone from opportunities o
      where o.status = any(${statuses}::text[]) and o.contact_phone is not null and ${storedE164} = any(${chunk}::text[])`.execute(
      db,
    );
    for (const r of leads.rows) optedOutPhones.add(r.phone);
  }
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const rows = await sql<{ id: number; opted_out: boolean; dnc_email: boolean }>`
      select o.id, o.status = any(${statuses}::text[]) as opted_out,
        exists (select 1 from dnc_contacts d where d.type = 'EMAIL' and d.value = lower(trim(o.contact_email))) as dnc_email
      from opportunities o where o.id = any(${chunk}::int[])`.execute(db);
    for (const r of rows.rows) {
      if (r.dnc_email) dncLeads.add(r.id);
      if (r.opted_out) optedOutLeads.add(r.id);
    }
  }
  return (r) => {
    if ((r.e164 !== null && dncPhones.has(r.e164)) || (r.opportunityId !== null && dncLeads.has(r.opportunityId)))
      return 'DNC';
    if (
      (r.opportunityId !== null && optedOutLeads.has(r.opportunityId)) ||
      (r.e164 !== null && optedOutPhones.has(r.e164))
    )
      return 'DO_NOT_CONTACT';
    return null;
  };
}

// ---- The pre-flight ----------------------------------------------------------------------------

/**
 * The pre-flight: each recipient's number, suppression reason and text. The reasons in order:
 * INVALID, then an opt-out (DNC, DO_NOT_CONTACT), then DUPLICATE, then QUIET_HOURS.
 */
export async function analyse(db: Db, message: string, candidates: Candidate[], now: Date): Promise<Analysed[]> {
  const unknown = unknownMergeFields(message);
  if (unknown.length > 0)
    throw badRequest('The request is not valid', { message: `Unknown merge field: {${unknown.join('}, {')}}` });
  const numbers = candidates.map((c) => smsNumber(c.raw));
  const optedOut = await optOutChecker(
    db,
    candidates.map((c, i) => ({ e164: numbers[i] ?? null, opportunityId: c.opportunityId })),
  );
  const open = quietHoursChecker(now);
  const seen = new Set<string>();
  return candidates.map((c, i) => {
    const e164 = numbers[i] ?? null;
    let reason: SmsSuppression | null = null;
    if (e164 === null) reason = 'INVALID';
    else
      reason =
        optedOut({ e164, opportunityId: c.opportunityId }) ??
        (seen.has(e164) ? 'DUPLICATE' : open(e164) ? null : 'QUIET_HOURS');
    if (e164 !== null) seen.add(e164);
    const body =
      reason === null ? renderMessage(message, { firstName: c.first, lastName: c.last, brokerage: c.brokerage }) : null;
    return { ...c, position: i + 1, e164, reason, body };
  });
}

const zeroReasons = (): Record<SmsSuppression, number> => ({
  DNC: 0,
  DO_NOT_CONTACT: 0,
  INVALID: 0,
  DUPLICATE: 0,
  QUIET_HOURS: 0,
});
const LIST_LIMIT = 1000;

export function preflightOf(message: string, rows: Analysed[]): SmsPreflight {
  const byReason = zeroReasons();
  const suppressedList: SuppressedRecipient[] = [];
  let parts = 0;
  let sample: string | null = null;
  for (const r of rows) {
    if (r.reason) {
      byReason[r.reason] += 1;
      if (suppressedList.length < LIST_LIMIT)
        suppressedList.push({
          position: r.position,
          phone: r.raw,
          name: personName(r.first, r.last, null),
          reason: r.reason,
        });
    } else if (r.body !== null) {
      parts += smsSegments(r.body).segments;
      sample ??= r.body;
    }
  }
  const suppressed = SMS_SUPPRESSIONS.reduce((n, k) => n + byReason[k], 0);
  const warnings = hasOptOutWording(message)
    ? []
    : ['The message has no opt-out wording: add "Reply STOP to opt out".'];
  return {
    total: rows.length,
    sendable: rows.length - suppressed,
    suppressed,
    byReason,
    suppressedList,
    listTruncated: suppressed > suppressedList.length,
    parts,
    sample,
    warnings,
  };
}

// ---- The job ----------------------------------------------------------------------------------

const BATCH = 100;
/** Jobs this process is working on, per database (tests run many databases in one process). */
const working = new WeakMap<Db, Set<number>>();

/**
 * Works a job until no recipient is PENDING. Safe to call again (a poll after a restart calls it):
 * batches are claimed with FOR UPDATE SKIP LOCKED, and a recipient's outbox row and its SENT
 * state commit together, so no number is texted twice. Each batch is judged again as it goes out,
 * in its transaction: opt-outs first (the DNC list and the lead's status now: a STOP reply or a
 * DO_NOT_CONTACT after the job was written is honoured), then quiet hours (a send that runs into
 * 9 PM suppresses the rest instead of texting late). A suppressed recipient gets no outbox row.
 */
export function runJob(db: Db, jobId: number, now: () => Date): Promise<void> {
  let set = working.get(db);
  if (!set) working.set(db, (set = new Set()));
  if (set.has(jobId)) return Promise.resolve();
  set.add(jobId);
  const mine = set;
  const work = async () => {
    for (;;) {
      const done = await db.transaction().execute(async (trx) => {
        const batch = await trx
          .selectFrom('sms_job_recipients')
          .select(['position', 'phone', 'opportunity_id', 'body'])
          .where('job_id', '=', jobId)
          .where('status', '=', 'PENDING')
          .orderBy('position')
          .limit(BATCH)
          .forUpdate()
          .skipLocked()
          .execute();
        const at = now();
        if (batch.length === 0) {
          const finished = await trx
            .updateTable('sms_jobs')
            .set({ status: 'DONE', finished_at: at })
            .where('id', '=', jobId)
            .where('status', '=', 'RUNNING')
            .returning(['created_by'])
            .executeTakeFirst();
          if (finished) {
            const sent = await trx
              .selectFrom('sms_job_recipients')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('job_id', '=', jobId)
              .where('status', '=', 'SENT')
              .executeTakeFirstOrThrow();
            await trx
              .insertInto('audit_log')
              .values({
                actor_user_id: finished.created_by,
                as_user_id: finished.created_by,
                action: 'BULK_SMS_DONE',
                detail: `job ${jobId}: ${Number(sent.n)} sent`,
                created_at: at,
              })
              .execute();
          }
          return true;
        }
        const optedOut = await optOutChecker(
          trx,
          batch.map((r) => ({ e164: r.phone, opportunityId: r.opportunity_id })),
        );
        const open = quietHoursChecker(at);
        const send: typeof batch = [];
        const suppressed = new Map<SmsSuppression, number[]>();
        for (const r of batch) {
          const reason =
            optedOut({ e164: r.phone, opportunityId: r.opportunity_id }) ?? (open(r.phone) ? null : 'QUIET_HOURS');
          if (reason === null) send.push(r);
          else suppressed.set(reason, [...(suppressed.get(reason) ?? []), r.position]);
        }
        await sendSmsMany(
          trx,
          send.map((r) => ({ to: r.phone, body: r.body ?? '' })),
          at,
        );
        if (send.length > 0)
          await trx
            .updateTable('sms_job_recipients')
            .set({ status: 'SENT', sent_at: at })
            .where('job_id', '=', jobId)
            .where(
              'position',
              'in',
              send.map((r) => r.position),
            )
            .execute();
        for (const [reason, positions] of suppressed) {
          await trx
            .updateTable('sms_job_recipients')
            .set({ status: 'SUPPRESSED', reason, body: null })
            .where('job_id', '=', jobId)
            .where('position', 'in', positions)
            .execute();
        }
        return false;
      });
      if (done) return;
      await new Promise((resolve) => setTimeout(resolve, 5)); // pacing: other requests run between batches
    }
  };
  return work()
    .catch((err: unknown) => {
      processLog().error({ job: 'bulk-sms', jobId, err }, 'bulk SMS job failed');
    })
    .finally(() => {
      mine.delete(jobId);
    });
}

export const isRunningHere = (db: Db, jobId: number) => working.get(db)?.has(jobId) ?? false;

/** A job with its counts by state and reason. */
export async function jobView(db: Db, jobId: number): Promise<SmsJob | undefined> {
  const job = await db
    .selectFrom('sms_jobs as j')
    .leftJoin('users as u', 'u.id', 'j.created_by')
    .select([
      'j.id',
      'j.status',
      'j.message',
      'j.total',
      'j.created_at',
      'j.finished_at',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .where('j.id', '=', jobId)
    .executeTakeFirst();
  if (!job) return undefined;
  const counts = await db
    .selectFrom('sms_job_recipients')
    .select(['status', 'reason', (eb) => eb.fn.countAll<number>().as('n')])
    .where('job_id', '=', jobId)
    .groupBy(['status', 'reason'])
    .execute();
  const byReason = zeroReasons();
  let sent = 0;
  let pending = 0;
  for (const r of counts) {
    if (r.status === 'SENT') sent += Number(r.n);
    else if (r.status === 'PENDING') pending += Number(r.n);
    else if (r.reason) byReason[r.reason] += Number(r.n);
  }
  return {
    id: job.id,
    status: job.status,
    message: job.message,
    total: job.total,
    sent,
    pending,
    suppressed: SMS_SUPPRESSIONS.reduce((n, k) => n + byReason[k], 0),
    byReason,
    createdBy: personName(job.first_name, job.last_name, null) ?? job.email,
    created: job.created_at.toISOString(),
    finished: job.finished_at?.toISOString() ?? null,
  };
}
