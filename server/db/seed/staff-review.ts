import { sql } from 'kysely';

import { QA_CRITERIA } from '../../../src/contract/qa-review.ts';
import type { SeedContext } from './core.ts';
import { insertMany } from './insert.ts';
import { createRandom, DAY_MS } from './random.ts';

// QA review and Twilio tasks: calls are handled by the CSR and the CSR supervisor; every
// call gets a recording (its duration) and a row in the QA queue; about a third of the calls older
// than a day are reviewed (by the QA reviewer or the admin); 40 open contact-center tasks per scale,
// some stuck. Insert-selects keyed on ids, so the rows are the same on every machine and cheap at 100x.

const HOUR_MS = 3_600_000;
const hex = (rnd: ReturnType<typeof createRandom>, n: number) =>
  Array.from({ length: n }, () => '0123456789abcdef'[rnd.int(0, 15)]).join('');

export async function seedStaffReview(ctx: SeedContext): Promise<void> {
  const { db, now, ids, scale } = ctx;
  const u = ids.users;
  const csr = u['csr@demo.test'] ?? null;
  const supervisor = u['supervisor@demo.test'] ?? null;
  const qa = u['qa@demo.test'] ?? null;
  const admin = u['admin@demo.test'] ?? null;

  // One call in three is the supervisor's, chosen independently of the review rule below (by opportunity), so
  // the supervisor has calls awaiting review whatever ids the earlier seeders leave.
  await sql`update interactions set user_id = ${supervisor}::int where type = 'CALL' and (id / 3) % 3 = 0`.execute(db);
  await sql`insert into call_recordings (interaction_id, duration_seconds, provider_ref, created_at)
    select i.id, i.duration_seconds, 'RE' || lpad(to_hex(i.id), 32, '0'), i.created_at + make_interval(secs => i.duration_seconds)
    from interactions i where i.type = 'CALL' and i.duration_seconds > 0 order by i.id`.execute(db);

  // Scorecards: a call fails a criterion when (id + criterion index) % 11 = 0 (about one call in two passes).
  const keys = QA_CRITERIA.map((c, k) => sql`${c.key}::text, (i.id + ${k}::int) % 11 <> 0`);
  await sql`insert into qa_reviews (interaction_id, opportunity_id, call_at, handled_by, disposition_id, status, criteria, comment, reviewer_id, reviewed_at)
    select i.id, i.opportunity_id, i.created_at, i.user_id, i.disposition_id,
      case when not r.reviewed then 'AWAITING' when r.passed then 'PASSED' else 'FAILED' end,
      case when r.reviewed then r.criteria end,
      case when r.reviewed and not r.passed then 'Missed part of the script; coached on the call flow.' end,
      case when r.reviewed then (case when i.id % 4 = 0 then ${admin}::int else ${qa}::int end) end,
      case when r.reviewed then least(i.created_at + make_interval(hours => 2 + i.id % 40), ${now}::timestamptz) end
    from interactions i
    cross join lateral (select i.created_at < ${new Date(now.getTime() - DAY_MS)}::timestamptz and i.opportunity_id % 3 <> 1 as reviewed,
      jsonb_build_object(${sql.join(keys)}) as criteria) r0
    cross join lateral (select r0.reviewed, r0.criteria, not exists (select 1 from jsonb_each(r0.criteria) e where e.value = 'false'::jsonb) as passed) r
    where i.type = 'CALL' and exists (select 1 from call_recordings c where c.interaction_id = i.id)`.execute(db);

  // Open contact-center tasks: ages from a minute to three days, so some are stuck.
  const rnd = createRandom(16 * 20261124);
  const opps = await db
    .selectFrom('opportunities')
    .select(['id', 'brokerage_id'])
    .orderBy('id')
    .limit(400 * scale)
    .execute();
  const workers = [csr, supervisor].filter((x): x is number => x !== null);
  const rows = Array.from({ length: 40 * scale }, (_, n) => {
    const opp = opps[(n * 37) % opps.length]!;
    const status = rnd.pick(['pending', 'reserved', 'assigned', 'assigned', 'wrapping'] as const);
    const ageMs = n % 5 === 0 ? rnd.int(6, 72) * HOUR_MS : rnd.int(1, 25) * 60_000;
    const created = new Date(now.getTime() - ageMs);
    return {
      sid: `WT${hex(rnd, 32)}`,
      opportunity_id: opp.id,
      brokerage_id: opp.brokerage_id,
      channel: rnd.pick(['voice', 'voice', 'sms', 'chat', 'email'] as const),
      status,
      queue_name: rnd.pick(['Inbound leads', 'Follow-up', 'Spanish line']),
      assignee_user_id: status === 'pending' ? null : rnd.pick(workers),
      created_at: created,
      updated_at: new Date(created.getTime() + Math.floor(ageMs / 3)),
    };
  });
  await insertMany(db, 'contact_center_tasks', rows);
}
