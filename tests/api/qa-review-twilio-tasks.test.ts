import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Page } from '../../src/contract/common.ts';
import type { TwilioTask } from '../../src/contract/contact-center.ts';
import {
  QA_CRITERIA,
  type QaFigures,
  type QaHandlers,
  type QaQueueItem,
  type Recording,
} from '../../src/contract/qa-review.ts';
import { brokerageIdByName, signIn, startTestServer, type Caller, type TestServer } from '../setup/test-server.ts';

// QA review and Twilio tasks: every endpoint with every demo identity (spec 1 section 6:
// qa-review ADMIN, QA_TEAM; twilio-tasks list ADMIN, AGENT_ENGAGEMENT, BROKERAGE_ADMIN,
// CSR_VIEW_OPPORTUNITIES, delete the parent roles), the queue's filters, figures equal to the list
// totals they link to, the scorecard, recordings and their audio, tasks scoped and deleted.

const WHO = [
  'admin',
  'manager',
  'qa',
  'supervisor',
  'engagement',
  'csr',
  'opps',
  'broker',
  'broker.basic',
  'supplier',
  'lender',
] as const;
type Who = (typeof WHO)[number];
const ALL_PASS = Object.fromEntries(QA_CRITERIA.map((c) => [c.key, true]));
const Q = '/interviews-api/qa-reviews';
const T = '/contact-center-api/proxy/twilio-api/tasks';

let server: TestServer;
const as = {} as Record<Who, Caller>;
let call: number; // a recorded call awaiting review
let recording: number;

beforeAll(async () => {
  server = await startTestServer();
  for (const w of WHO) as[w] = await signIn(server, `${w}@demo.test`);
  const row = await server.db
    .selectFrom('qa_reviews as q')
    .innerJoin('call_recordings as c', 'c.interaction_id', 'q.interaction_id')
    .select(['q.interaction_id', 'c.id'])
    .where('q.status', '=', 'AWAITING')
    .orderBy('q.interaction_id')
    .executeTakeFirstOrThrow();
  call = row.interaction_id;
  recording = row.id;
});
afterAll(async () => {
  await server.close();
});

describe('route access', () => {
  const QA: Who[] = ['admin', 'qa'];
  const READERS: Who[] = ['admin', 'engagement', 'broker', 'broker.basic', 'supplier', 'opps'];
  const cases: {
    name: string;
    method: 'GET' | 'PUT' | 'DELETE';
    path: () => string;
    body?: unknown;
    allowed: Who[];
  }[] = [
    { name: 'queue', method: 'GET', path: () => `${Q}?status=AWAITING`, allowed: QA },
    { name: 'figures', method: 'GET', path: () => `${Q}/figures`, allowed: QA },
    { name: 'handlers', method: 'GET', path: () => `${Q}/handlers`, allowed: QA },
    {
      name: 'scorecard',
      method: 'PUT',
      path: () => `/interviews-api/interactions/${call}/review`,
      body: { criteria: ALL_PASS },
      allowed: QA,
    },
    { name: 'recordings', method: 'GET', path: () => '/interviews-api/recordings?pageSize=5', allowed: QA },
    {
      name: 'call recordings',
      method: 'GET',
      path: () => `/interviews-api/interactions/${call}/recordings`,
      allowed: QA,
    },
    {
      name: 'recording audio',
      method: 'GET',
      path: () => `/interviews-api/recordings/${recording}/audio`,
      allowed: QA,
    },
    { name: 'tasks', method: 'GET', path: () => T, allowed: READERS },
    // A sid no task has: the parent roles get 404 (admitted), everyone else 403 before the lookup.
    { name: 'task delete', method: 'DELETE', path: () => `${T}/WT${'0'.repeat(32)}`, allowed: ['admin', 'engagement'] },
  ];
  it.each(cases)('$method $name admits exactly its roles', async (c) => {
    const actual: Record<string, string | number> = {};
    const expected: Record<string, string | number> = {};
    for (const w of WHO) {
      const res =
        c.method === 'GET'
          ? await as[w].get(c.path())
          : c.method === 'PUT'
            ? await as[w].put(c.path(), c.body)
            : await as[w].delete(c.path());
      actual[w] = res.status === 403 ? 403 : res.status === 401 ? 401 : 'admitted';
      expected[w] = c.allowed.includes(w) ? 'admitted' : 403;
    }
    expect(actual).toEqual(expected);
  });
});

describe('QA queue', () => {
  it('lists recorded calls awaiting review newest first, each with its client, handler and disposition', async () => {
    const res = await as.qa.get<Page<QaQueueItem>>(`${Q}?status=AWAITING&pageSize=20`);
    expect(res.status).toBe(200);
    const awaiting = await server.db
      .selectFrom('qa_reviews')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'AWAITING')
      .executeTakeFirstOrThrow();
    expect(res.body.totalElements).toBe(Number(awaiting.n));
    expect(res.body.content).toHaveLength(20);
    expect(res.body.content.every((i) => i.status === 'AWAITING' && i.review === null && i.handledBy !== null)).toBe(
      true,
    );
    const times = res.body.content.map((i) => i.callAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by disposition, handler and call date, and the totals match the rows', async () => {
    const handlers = (await as.qa.get<QaHandlers>(`${Q}/handlers`)).body;
    expect(handlers.map((h) => h.name)).toEqual(['Casey Service', 'Sam Supervisor']);
    const sam = handlers[1]!.id;
    const byHandler = await as.qa.get<Page<QaQueueItem>>(`${Q}?handledBy=${sam}&pageSize=1000`);
    const expected = await server.db
      .selectFrom('interactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'CALL')
      .where('user_id', '=', sam)
      .executeTakeFirstOrThrow();
    expect(byHandler.body.totalElements).toBe(Number(expected.n));
    expect(byHandler.body.content.every((i) => i.handledBy?.id === sam)).toBe(true);

    const first = byHandler.body.content[0]!;
    const disposition = first.disposition!.id;
    const byDisposition = await as.qa.get<Page<QaQueueItem>>(
      `${Q}?dispositionId=${disposition}&handledBy=${sam}&pageSize=1000`,
    );
    expect(byDisposition.body.content.length).toBeGreaterThan(0);
    expect(byDisposition.body.content.every((i) => i.disposition?.id === disposition && i.handledBy?.id === sam)).toBe(
      true,
    );

    const day = new Date(first.callAt);
    const from = new Date(day.getTime() - 3_600_000).toISOString();
    const to = new Date(day.getTime() + 3_600_000).toISOString();
    const byDate = await as.qa.get<Page<QaQueueItem>>(`${Q}?from=${from}&to=${to}&pageSize=1000`);
    expect(byDate.body.content.map((i) => i.interactionId)).toContain(first.interactionId);
    expect(byDate.body.content.every((i) => i.callAt >= from && i.callAt < to)).toBe(true);
  });

  it('refuses bad filters with 400 and the field', async () => {
    for (const q of ['status=DONE', 'dispositionId=x', 'from=yesterday', 'sort=client,ASC', 'pageSize=0']) {
      const res = await as.qa.get<{ status: number; fields: Record<string, string> }>(`${Q}?${q}`);
      expect(res.status, q).toBe(400);
      expect(Object.keys(res.body.fields), q).toContain(q.split('=')[0]);
    }
  });
});

describe('scorecard and figures', () => {
  it('saves a scorecard, shows it in the queue, and the figures equal the list totals they link to', async () => {
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const before = (await as.qa.get<QaFigures>(`${Q}/figures?since=${since}`)).body;
    const failing = { ...ALL_PASS, disclosure: false };
    const [passCall, failCall] = (await as.qa.get<Page<QaQueueItem>>(`${Q}?status=AWAITING&pageSize=2`)).body.content;

    const saved = await as.qa.put<QaQueueItem>(`/interviews-api/interactions/${passCall!.interactionId}/review`, {
      criteria: ALL_PASS,
      comment: '  Textbook call.  ',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.status).toBe('PASSED');
    expect(saved.body.review).toMatchObject({
      comment: 'Textbook call.',
      reviewer: { name: 'Quinn Quality' },
      criteria: ALL_PASS,
    });
    const failed = await as.qa.put<QaQueueItem>(`/interviews-api/interactions/${failCall!.interactionId}/review`, {
      criteria: failing,
      comment: 'No recording disclosure.',
    });
    expect(failed.body.status).toBe('FAILED');

    const after = (await as.qa.get<QaFigures>(`${Q}/figures?since=${since}`)).body;
    expect(after.mine.reviewed).toBe(before.mine.reviewed + 2);
    expect(after.mine.passed).toBe(before.mine.passed + 1);
    expect(after.awaiting).toBe(before.awaiting - 2);
    expect(after.mine.passRate).toBe(Math.round((10000 * after.mine.passed) / after.mine.reviewed) / 100);

    const total = async (qs: string) =>
      (await as.qa.get<Page<QaQueueItem>>(`${Q}?${qs}&pageSize=1`)).body.totalElements;
    const me = after.reviewerId;
    expect(await total(`status=REVIEWED&reviewerId=${me}&reviewedFrom=${after.since}`)).toBe(after.mine.reviewed);
    expect(await total(`status=PASSED&reviewerId=${me}&reviewedFrom=${after.since}`)).toBe(after.mine.passed);
    expect(await total(`status=REVIEWED&reviewedFrom=${after.since}`)).toBe(after.team.reviewed);
    expect(await total(`status=PASSED&reviewedFrom=${after.since}`)).toBe(after.team.passed);
    expect(await total('status=AWAITING')).toBe(after.awaiting);
    // The status-only totals come from the counts the trigger keeps (migration 026): equal to the rows.
    const rows = await server.db.selectFrom('qa_reviews').select('status').execute();
    const count = (...s: string[]) => rows.filter((r) => s.includes(r.status)).length;
    expect(await total('status=AWAITING')).toBe(count('AWAITING'));
    expect(await total('status=PASSED')).toBe(count('PASSED'));
    expect(await total('status=FAILED')).toBe(count('FAILED'));
    expect(await total('status=REVIEWED')).toBe(count('PASSED', 'FAILED'));
    expect((await as.qa.get<Page<QaQueueItem>>(`${Q}?pageSize=1`)).body.totalElements).toBe(rows.length);

    const shown = await as.qa.get<Page<QaQueueItem>>(
      `${Q}?status=REVIEWED&reviewerId=${me}&reviewedFrom=${since}&sort=reviewedAt,DESC&pageSize=40`,
    );
    expect(shown.body.content.map((i) => [i.interactionId, i.status])).toEqual(
      expect.arrayContaining([
        [passCall!.interactionId, 'PASSED'],
        [failCall!.interactionId, 'FAILED'],
      ]),
    );
  });

  it('computes the default week and the team figures by SQL from the rows', async () => {
    const f = (await as.admin.get<QaFigures>(`${Q}/figures`)).body;
    const since = new Date(f.since);
    expect(since.getUTCDay()).toBe(1);
    const rows = await server.db
      .selectFrom('qa_reviews')
      .select(['status'])
      .where('reviewed_at', '>=', since)
      .execute();
    expect(f.team.reviewed).toBe(rows.length);
    expect(f.team.passed).toBe(rows.filter((r) => r.status === 'PASSED').length);
  });

  it('refuses an incomplete scorecard or a failure without a comment, writing nothing', async () => {
    const before = await server.db
      .selectFrom('qa_reviews')
      .selectAll()
      .where('interaction_id', '=', call)
      .executeTakeFirstOrThrow();
    const missing = await as.qa.put<{ fields: Record<string, string> }>(`/interviews-api/interactions/${call}/review`, {
      criteria: { greeting: true },
    });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields)).toContain('criteria.needs');
    const noComment = await as.qa.put<{ fields: Record<string, string> }>(
      `/interviews-api/interactions/${call}/review`,
      { criteria: { ...ALL_PASS, needs: false } },
    );
    expect(noComment.status).toBe(400);
    expect(noComment.body.fields['comment']).toMatch(/comment is required/);
    const notJson = await as.qa.put(`/interviews-api/interactions/${call}/review`, 'pass');
    expect(notJson.status).toBe(400);
    const unknown = await as.qa.put(`/interviews-api/interactions/999999999/review`, { criteria: ALL_PASS });
    expect(unknown.status).toBe(404);
    const after = await server.db
      .selectFrom('qa_reviews')
      .selectAll()
      .where('interaction_id', '=', call)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe('recordings', () => {
  it("lists a call's recordings and serves a playable WAV as long as the recording", async () => {
    const list = await as.qa.get<Recording[]>(`/interviews-api/interactions/${call}/recordings`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const rec = list.body[0]!;
    const paged = await as.qa.get<Page<Recording>>(`/interviews-api/recordings?interactionId=${call}`);
    expect(paged.body.content).toEqual(list.body);
    const res = await server.app.request(`/interviews-api/recordings/${rec.id}/audio`, {
      headers: { Authorization: `Bearer ${as.qa.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const view = new DataView(bytes.buffer);
    expect(String.fromCharCode(...bytes.slice(0, 4))).toBe('RIFF');
    expect(String.fromCharCode(...bytes.slice(8, 12))).toBe('WAVE');
    const rate = view.getUint32(24, true);
    const dataBytes = view.getUint32(40, true);
    expect(dataBytes / rate).toBe(rec.durationSeconds);
    const again = new Uint8Array(
      await (
        await server.app.request(`/interviews-api/recordings/${rec.id}/audio`, {
          headers: { Authorization: `Bearer ${as.qa.token}` },
        })
      ).arrayBuffer(),
    );
    expect(Buffer.compare(Buffer.from(again), Buffer.from(bytes))).toBe(0);
    expect((await as.qa.get('/interviews-api/recordings/999999999/audio')).status).toBe(404);
    expect((await as.qa.get('/interviews-api/interactions/999999999/recordings')).status).toBe(404);
  });
});

describe('Twilio tasks', () => {
  /** Harbor Point Realty, the demo brokerage admin's brokerage. */
  const harborId = async () => await brokerageIdByName(server.db, 'Harbor Point Realty');

  it('lists open tasks oldest first with status, age, channel and assignee; filters stuck ones', async () => {
    const res = await as.admin.get<Page<TwilioTask>>(`${T}?pageSize=1000`);
    expect(res.status).toBe(200);
    const n = await server.db
      .selectFrom('contact_center_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(res.body.totalElements).toBe(Number(n.n));
    const ages = res.body.content.map((t) => t.ageSeconds);
    expect(ages).toEqual([...ages].sort((a, b) => b - a));
    expect(res.body.content.every((t) => (t.status === 'pending') === (t.assignee === null))).toBe(true);
    const stuck = await as.admin.get<Page<TwilioTask>>(`${T}?stuck=true&pageSize=1000`);
    expect(stuck.body.totalElements).toBe(res.body.content.filter((t) => t.stuck).length);
    expect(stuck.body.totalElements).toBeGreaterThan(0);
    const voice = await as.admin.get<Page<TwilioTask>>(`${T}?channel=voice&status=assigned&pageSize=1000`);
    expect(voice.body.content.every((t) => t.channel === 'voice' && t.status === 'assigned')).toBe(true);
    expect((await as.admin.get(`${T}?channel=fax`)).status).toBe(400);
  });

  it("shows a brokerage admin only their brokerage's tasks", async () => {
    const harbor = await harborId();
    const res = await as.broker.get<Page<TwilioTask>>(`${T}?pageSize=1000`);
    const n = await server.db
      .selectFrom('contact_center_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('brokerage_id', '=', harbor)
      .executeTakeFirstOrThrow();
    expect(res.body.totalElements).toBe(Number(n.n));
    expect(res.body.content.every((t) => t.brokerageName === 'Harbor Point Realty')).toBe(true);
  });

  it('totals every filter as its rows, from the kept counts, after tasks are added, changed, moved and deleted', async () => {
    const harbor = await harborId();
    const statuses = [undefined, 'pending', 'reserved', 'assigned', 'wrapping'];
    const channels = [undefined, 'voice', 'sms', 'chat', 'email'];
    const expectTotalsMatchRows = async () => {
      for (const who of [as.admin, as.broker])
        for (const status of statuses)
          for (const channel of channels)
            for (const stuck of [undefined, true, false]) {
              const query = new URLSearchParams({ pageSize: '1000' });
              if (status) query.set('status', status);
              if (channel) query.set('channel', channel);
              if (stuck !== undefined) query.set('stuck', String(stuck));
              const res = await who.get<Page<TwilioTask>>(`${T}?${query}`);
              expect(res.status).toBe(200);
              expect(res.body.totalElements, `${who === as.admin ? 'admin' : 'broker'} ${query}`).toBe(
                res.body.content.length,
              );
            }
    };
    await expectTotalsMatchRows();
    const [first, second, third] = await server.db
      .selectFrom('contact_center_tasks')
      .select(['id', 'brokerage_id'])
      .where('brokerage_id', '=', harbor)
      .orderBy('id')
      .limit(3)
      .execute();
    const now = new Date();
    await server.db
      .insertInto('contact_center_tasks')
      .values([
        {
          sid: `WT${'a'.repeat(32)}`,
          brokerage_id: null,
          channel: 'chat',
          status: 'pending',
          queue_name: 'Follow-up',
          created_at: new Date(now.getTime() - 3_600_000),
          updated_at: now,
        },
        {
          sid: `WT${'b'.repeat(32)}`,
          brokerage_id: harbor,
          channel: 'sms',
          status: 'reserved',
          queue_name: 'Follow-up',
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();
    await server.db
      .updateTable('contact_center_tasks')
      .set({ status: 'wrapping', channel: 'email' })
      .where('id', '=', first!.id)
      .execute();
    await server.db
      .updateTable('contact_center_tasks')
      .set({ brokerage_id: null })
      .where('id', '=', second!.id)
      .execute();
    await server.db.deleteFrom('contact_center_tasks').where('id', '=', third!.id).execute();
    await expectTotalsMatchRows();
    const kept = await sql<{ n: number }>`select coalesce(sum(n), 0)::int as n from contact_center_task_counts`.execute(
      server.db,
    );
    const rows = await server.db
      .selectFrom('contact_center_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(kept.rows[0]!.n).toBe(Number(rows.n));
  }, 120_000);

  it('deletes a stuck task once; a bad sid is 400', async () => {
    const stuck = (await as.engagement.get<Page<TwilioTask>>(`${T}?stuck=true&pageSize=1`)).body.content[0]!;
    expect((await as.engagement.delete(`${T}/${stuck.sid}`)).status).toBe(204);
    expect((await as.engagement.delete(`${T}/${stuck.sid}`)).status).toBe(404);
    expect(
      await server.db.selectFrom('contact_center_tasks').select('id').where('sid', '=', stuck.sid).executeTakeFirst(),
    ).toBeUndefined();
    expect((await as.admin.delete(`${T}/not-a-sid`)).status).toBe(400);
  });
});
