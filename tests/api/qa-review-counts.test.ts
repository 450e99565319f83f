import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Page } from '../../src/contract/common.ts';
import { QA_CRITERIA, QA_STATUS_FILTERS, type QaHandlers, type QaQueueItem } from '../../src/contract/qa-review.ts';
import { signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// The QA queue's totals filtered by status and handler alone read qa_review_counts, kept per status and
// handler by a trigger on qa_reviews (migrations 026 and 067). The kept counts must equal the rows after
// any write, and every status and handler's total must equal the rows it stands for.

const Q = '/interviews-api/qa-reviews';
const ALL_PASS = Object.fromEntries(QA_CRITERIA.map((c) => [c.key, true]));

let server: TestServer;
let qa: Caller;
let handlers: number[];

beforeAll(async () => {
  server = await startTestServer();
  qa = await signIn(server, 'qa@demo.test');
  handlers = (await qa.get<QaHandlers>(`${Q}/handlers`)).body.map((h) => h.id);
});
afterAll(async () => {
  await server.close();
});

/** Reviews per status and handler (0: none), counted from the rows. */
const fromRows = async () =>
  (
    await sql<{ status: string; handler_key: number; n: number }>`
  select status, coalesce(handled_by, 0)::int as handler_key, count(*)::int as n from qa_reviews
  group by 1, 2 order by 1, 2`.execute(server.db)
  ).rows;
/** The same, as the trigger keeps them. */
const kept = async () =>
  (
    await sql<{ status: string; handler_key: number; n: number }>`
  select status, handler_key, n::int as n from qa_review_counts where n <> 0 order by 1, 2`.execute(server.db)
  ).rows;

/** The queue's total for a status filter and a handler, as the API answers it and as the rows count it. */
async function totals(status: string | undefined, handler: number | undefined) {
  const params = new URLSearchParams({ pageSize: '1' });
  if (status !== undefined) params.set('status', status);
  if (handler !== undefined) params.set('handledBy', String(handler));
  const res = await qa.get<Page<QaQueueItem>>(`${Q}?${params}`);
  expect(res.status).toBe(200);
  const statuses: ('AWAITING' | 'PASSED' | 'FAILED')[] | null =
    status === undefined ? null : status === 'REVIEWED' ? ['PASSED', 'FAILED'] : [status as 'AWAITING'];
  const counted = await server.db
    .selectFrom('qa_reviews')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if(statuses !== null, (b) => b.where('status', 'in', statuses!))
    .$if(handler !== undefined, (b) => b.where('handled_by', '=', handler!))
    .executeTakeFirstOrThrow();
  return { api: res.body.totalElements, rows: Number(counted.n) };
}

async function expectEveryTotal() {
  const noHandler = Math.max(...handlers) + 1000;
  for (const status of [undefined, ...QA_STATUS_FILTERS])
    for (const handler of [undefined, ...handlers, 0, noHandler]) {
      const t = await totals(status, handler);
      expect(t.api, `status ${status ?? 'any'}, handler ${handler ?? 'any'}`).toBe(t.rows);
    }
}

describe('qa_review_counts, kept per status and handler (migrations 026 and 067)', () => {
  it('equal the rows after the seed, and after scorecards, handler changes, deletes and inserts', async () => {
    const seeded = await kept();
    expect(new Set(seeded.map((r) => r.handler_key)).size).toBeGreaterThan(1);
    expect(seeded).toEqual(await fromRows());
    await expectEveryTotal();

    const awaiting = await server.db
      .selectFrom('qa_reviews')
      .selectAll()
      .where('status', '=', 'AWAITING')
      .where('handled_by', '=', handlers[0]!)
      .orderBy('interaction_id')
      .limit(4)
      .execute();
    expect(awaiting).toHaveLength(4);
    const [scored, moved, unhandled, deleted] = awaiting as [
      (typeof awaiting)[0],
      (typeof awaiting)[0],
      (typeof awaiting)[0],
      (typeof awaiting)[0],
    ];
    // A scorecard moves a review from AWAITING to PASSED.
    const put = await qa.put(`/interviews-api/interactions/${scored.interaction_id}/review`, { criteria: ALL_PASS });
    expect(put.status).toBe(200);
    // Another handler; no handler; a failure with a new handler at once; a change that moves no count.
    await server.db
      .updateTable('qa_reviews')
      .set({ handled_by: handlers[1]! })
      .where('interaction_id', '=', moved.interaction_id)
      .execute();
    await server.db
      .updateTable('qa_reviews')
      .set({ handled_by: null })
      .where('interaction_id', '=', unhandled.interaction_id)
      .execute();
    await server.db
      .updateTable('qa_reviews')
      .set({ status: 'FAILED', reviewed_at: new Date(), comment: 'Missed the disclosure', handled_by: handlers[1]! })
      .where('interaction_id', '=', deleted.interaction_id)
      .execute();
    await server.db
      .updateTable('qa_reviews')
      .set({ comment: 'Noted' })
      .where('interaction_id', '=', moved.interaction_id)
      .execute();
    expect(await kept()).toEqual(await fromRows());
    await expectEveryTotal();

    // Deleted, then written again under the other handler and back to AWAITING.
    await server.db.deleteFrom('qa_reviews').where('interaction_id', '=', deleted.interaction_id).execute();
    expect(await kept()).toEqual(await fromRows());
    await server.db
      .insertInto('qa_reviews')
      .values({
        interaction_id: deleted.interaction_id,
        opportunity_id: deleted.opportunity_id,
        call_at: deleted.call_at,
        handled_by: handlers[1]!,
        disposition_id: deleted.disposition_id,
        status: 'AWAITING',
      })
      .execute();
    expect(await kept()).toEqual(await fromRows());
    await expectEveryTotal();
  });
});
