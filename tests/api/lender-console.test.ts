import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';

import type { LenderOverview } from '../../src/contract/lender-overview.ts';
import type { LenderReferralDetail, LenderReferralRow } from '../../src/contract/lender-referrals.ts';
import type { LoanOfficerDetail, LoanOfficerRow } from '../../src/contract/loan-officers.ts';
import { LENDER_STEP_LABELS, LENDER_STEPS } from '../../src/lib/lender-steps.ts';
import type { Caller, TestServer } from '../setup/test-server.ts';
import { HEADER, OFFICERS, REFERRALS, useLenderFixture, type LenderFixture } from './lender-fixture.ts';

type Page<T> = { content: T[]; totalElements: number };

const f = useLenderFixture();
let server: TestServer, lender: Caller, admin: Caller, broker: Caller, manager: Caller, ids: LenderFixture['ids'];
beforeAll(() => {
  ({ server, lender, admin, broker, manager, ids } = f);
});

const count = async (where: string) =>
  Number(
    (
      await sql<{ n: number }>`select count(*)::int as n from lender_referrals where ${sql.raw(where)}`.execute(
        server.db,
      )
    ).rows[0]!.n,
  );
const anyReferral = async (office: number, extra = 'true') =>
  Number(
    (
      await sql<{
        id: number;
      }>`select id from lender_referrals where loan_office_id = ${office} and ${sql.raw(extra)} order by id limit 1`.execute(
        server.db,
      )
    ).rows[0]!.id,
  );
const officerOf = async (office: number) =>
  (
    await server.db
      .selectFrom('loan_officers')
      .select('id')
      .where('loan_office_id', '=', office)
      .where('status', '=', 'ACTIVE')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

describe('the demo seed', () => {
  it('gives Summit Home Loans a few dozen lender referrals in every lender step', async () => {
    const rows = (
      await sql<{
        status: string;
        n: number;
      }>`select status, count(*)::int as n from lender_referrals where loan_office_id = ${ids.summit} group by status`.execute(
        server.db,
      )
    ).rows;
    expect(rows.map((r) => r.status).sort()).toEqual([...LENDER_STEPS].sort());
    expect(rows.reduce((s, r) => s + r.n, 0)).toBeGreaterThanOrEqual(24);
    expect(
      await count(
        `opportunity_id not in (select id from opportunities where status in ('TRANSFERRED_TO_LENDER', 'TRANSFERRED_TO_LENDER_INCOMPLETE'))`,
      ),
    ).toBe(0);
  });
});

describe('GET lender-assignments (the lender referrals list)', () => {
  it('shows a loan-office admin only their own office, newest first, with buyer, brokerage and officer', async () => {
    const res = await lender.get<Page<LenderReferralRow>>(`${REFERRALS}?pageSize=100`);
    expect(res.status).toBe(200);
    expect(res.body.totalElements).toBe(await count(`loan_office_id = ${ids.summit}`));
    expect(res.body.content.every((r) => r.loanOffice.id === ids.summit && r.brokerage.name.length > 0)).toBe(true);
    const received = res.body.content.map((r) => r.received);
    expect(received).toEqual([...received].sort().reverse());
  });

  it('refuses a loan-office admin another office (403) and filters by status and loan officer', async () => {
    expect((await lender.get(`${REFERRALS}?loanOfficeId=${ids.keystone}`)).status).toBe(403);
    const closed = await lender.get<Page<LenderReferralRow>>(`${REFERRALS}?status=CLOSED&pageSize=100`);
    expect(closed.body.totalElements).toBe(await count(`loan_office_id = ${ids.summit} and status = 'CLOSED'`));
    expect(closed.body.content.every((r) => r.status === 'CLOSED')).toBe(true);
    const officer = await officerOf(ids.summit);
    const mine = await lender.get<Page<LenderReferralRow>>(`${REFERRALS}?loanOfficerId=${officer}&pageSize=100`);
    expect(mine.body.totalElements).toBe(await count(`loan_officer_id = ${officer}`));
    const none = await lender.get<Page<LenderReferralRow>>(`${REFERRALS}?unassigned=true&pageSize=100`);
    expect(none.body.content.every((r) => r.loanOfficer === null)).toBe(true);
  });

  it('shows a brokerage admin only the referrals from their brokerage, across offices', async () => {
    const res = await broker.get<Page<LenderReferralRow>>(`${REFERRALS}?pageSize=100`);
    expect(res.status).toBe(200);
    expect(res.body.totalElements).toBe(await count(`brokerage_id = ${ids.harbor}`));
    expect(res.body.content.every((r) => r.brokerage.id === ids.harbor)).toBe(true);
  });

  it('shows staff every office, refuses roles outside the list (MANAGER) and bad input with 400 JSON', async () => {
    expect((await admin.get<Page<LenderReferralRow>>(REFERRALS)).body.totalElements).toBe(await count('true'));
    expect((await manager.get(REFERRALS)).status).toBe(403);
    for (const qs of ['status=NOPE', 'sort=id,ASC', 'loanOfficerId=abc', 'pageSize=0']) {
      const res = await lender.get(`${REFERRALS}?${qs}`);
      expect({ qs, status: res.status, error: (res.body as { error?: string }).error }).toEqual({
        qs,
        status: 400,
        error: 'Bad Request',
      });
    }
  });
});

describe('one lender referral', () => {
  it('shows the buyer contact, agent, history and next steps to its office; 403 to another office or a brokerage admin', async () => {
    const id = await anyReferral(ids.summit);
    const res = await lender.get<LenderReferralDetail>(`${REFERRALS}/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.history.some((e) => e.type === 'RECEIVED')).toBe(true);
    expect(res.body.buyerContact.phone).toMatch(/^\+1\d{10}$/);
    const other = await anyReferral(ids.keystone);
    expect((await lender.get(`${REFERRALS}/${other}`)).status).toBe(403);
    expect((await lender.get(`${REFERRALS}/999999`)).status).toBe(403);
    expect((await admin.get(`${REFERRALS}/999999`)).status).toBe(404);
    expect((await broker.get(`${REFERRALS}/${id}`)).status).toBe(403);
    expect((await manager.get(`${REFERRALS}/${id}`)).status).toBe(200);
  });

  it('assigns and reassigns a loan officer of the office, recorded in the history; refuses another office’s officer', async () => {
    const id = await anyReferral(ids.summit, `status = 'RECEIVED'`);
    const [a, b] = (
      await server.db
        .selectFrom('loan_officers')
        .select('id')
        .where('loan_office_id', '=', ids.summit)
        .where('status', '=', 'ACTIVE')
        .orderBy('id')
        .limit(2)
        .execute()
    ).map((o) => o.id);
    const first = await lender.put<LenderReferralDetail>(`${REFERRALS}/${id}/loan-officer`, { loanOfficerId: a });
    expect(first.status).toBe(200);
    expect(first.body.loanOfficer?.id).toBe(a);
    const second = await lender.put<LenderReferralDetail>(`${REFERRALS}/${id}/loan-officer`, { loanOfficerId: b });
    expect(second.body.loanOfficer?.id).toBe(b);
    expect(second.body.history.filter((e) => e.type === 'ASSIGNED')[0]).toMatchObject({
      detail: 'Reassigned',
      actor: 'Lee Summit',
    });
    const foreign = await officerOf(ids.keystone);
    const refused = await lender.put(`${REFERRALS}/${id}/loan-officer`, { loanOfficerId: foreign });
    expect(refused.status).toBe(400);
    expect(
      (
        await server.db
          .selectFrom('lender_referrals')
          .select('loan_officer_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).loan_officer_id,
    ).toBe(b);
    expect(
      (await lender.put(`${REFERRALS}/${await anyReferral(ids.keystone)}/loan-officer`, { loanOfficerId: a })).status,
    ).toBe(403);
    expect((await broker.put(`${REFERRALS}/${id}/loan-officer`, { loanOfficerId: a })).status).toBe(403);
  });

  it('moves along the lender steps, records the first contact, and refuses a step backwards with 409 writing nothing', async () => {
    const id = await anyReferral(ids.summit, `status = 'RECEIVED'`);
    const moved = await lender.put<LenderReferralDetail>(`${REFERRALS}/${id}/status`, { status: 'CONTACTED' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      status: 'CONTACTED',
      nextSteps: ['PRE_APPROVED', 'APPLICATION', 'UNDERWRITING', 'CLOSED', 'LOST'],
    });
    expect(moved.body.firstContact).not.toBeNull();
    const events = await count(`id = ${id}`);
    const back = await lender.put(`${REFERRALS}/${id}/status`, { status: 'RECEIVED' });
    expect(back.status).toBe(409);
    // Said in the steps' words, as the screen names them, never as codes.
    expect(back.body).toMatchObject({
      message: `A referral cannot move from ${LENDER_STEP_LABELS.CONTACTED} to ${LENDER_STEP_LABELS.RECEIVED}`,
    });
    expect(JSON.stringify(back.body)).not.toMatch(/PRE_APPROVED|CONTACTED|RECEIVED/);
    expect(await count(`id = ${id} and status = 'CONTACTED'`)).toBe(events);
    const lost = await lender.put(`${REFERRALS}/${id}/status`, { status: 'LOST' });
    expect(lost.status).toBe(400); // a reason is required
    expect(
      (await lender.put<LenderReferralDetail>(`${REFERRALS}/${id}/status`, { status: 'LOST', reason: 'Paying cash' }))
        .body,
    ).toMatchObject({ status: 'LOST', lostReason: 'Paying cash', nextSteps: ['CONTACTED'] });
  });

  it('closes a loan only with its amount and closing date, keeps First Contact unstamped, and then refuses a reassignment', async () => {
    // The newest waiting referral (the other tests take the oldest ones).
    const id = Number(
      (
        await sql<{ id: number }>`select id from lender_referrals where loan_office_id = ${ids.summit}
      and status = 'RECEIVED' and first_contact_at is null order by id desc limit 1`.execute(server.db)
      ).rows[0]!.id,
    );
    const url = `${REFERRALS}/${id}/status`;
    const received = (
      await server.db
        .selectFrom('lender_referrals')
        .select('received_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).received_at;
    const dayBefore = new Date(received.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
    const refusals: [object, string[]][] = [
      [{ status: 'CLOSED' }, ['loanAmountCents', 'closedOn']],
      [{ status: 'CLOSED', closedOn: '2026-01-05' }, ['loanAmountCents']],
      [{ status: 'CLOSED', loanAmountCents: 25_000_000 }, ['closedOn']],
      [{ status: 'CLOSED', loanAmountCents: 0, closedOn: '2026-01-05' }, ['loanAmountCents']],
      [{ status: 'CLOSED', loanAmountCents: 25_000_000, closedOn: '2026-02-30' }, ['closedOn']],
      [{ status: 'CLOSED', loanAmountCents: 25_000_000, closedOn: '2999-01-01' }, ['closedOn']],
      [{ status: 'CLOSED', loanAmountCents: 25_000_000, closedOn: dayBefore }, ['closedOn']],
    ];
    for (const [body, field] of refusals) {
      const res = await lender.put<{ fields?: Record<string, string> }>(url, body);
      expect({ body, status: res.status, fields: Object.keys(res.body.fields ?? {}) }).toEqual({
        body,
        status: 400,
        fields: field,
      });
    }
    expect(await count(`id = ${id} and status = 'RECEIVED' and closed_at is null and first_contact_at is null`)).toBe(
      1,
    );
    const today = new Date().toISOString().slice(0, 10);
    const closed = await lender.put<LenderReferralDetail>(url, {
      status: 'CLOSED',
      loanAmountCents: 31_250_000,
      closedOn: today,
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      status: 'CLOSED',
      loanAmountCents: 31_250_000,
      firstContact: null,
      nextSteps: [],
    });
    expect(closed.body.closed?.slice(0, 10)).toBe(today);
    expect(closed.body.history[0]).toMatchObject({ toStatus: 'CLOSED', detail: `$312,500, closed ${today}` });
    const officer = await officerOf(ids.summit);
    const reassign = await lender.put(`${REFERRALS}/${id}/loan-officer`, { loanOfficerId: officer });
    expect(reassign.status).toBe(409);
    expect(
      await count(`id = ${id} and loan_officer_id is not distinct from ${closed.body.loanOfficer?.id ?? null}`),
    ).toBe(1);
  });

  it('adds a note by the signed-in user and refuses an empty one', async () => {
    const id = await anyReferral(ids.summit);
    const res = await lender.post(`${REFERRALS}/${id}/notes`, { body: 'Called the buyer' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ body: 'Called the buyer', author: { name: 'Lee Summit' } });
    expect((await lender.post(`${REFERRALS}/${id}/notes`, { body: '  ' })).status).toBe(400);
    expect((await lender.get<LenderReferralDetail>(`${REFERRALS}/${id}`)).body.notes[0]?.body).toBe('Called the buyer');
  });

  it('lets staff impersonating the loan office act as its admin, the history naming the staff member', async () => {
    const id = await anyReferral(ids.summit, `status = 'CONTACTED'`);
    const as = { [HEADER]: String(ids.lenderUser) };
    const list = await admin.get<Page<LenderReferralRow>>(`${REFERRALS}?pageSize=100`, as);
    expect(list.body.totalElements).toBe(await count(`loan_office_id = ${ids.summit}`));
    const res = await admin.put<LenderReferralDetail>(`${REFERRALS}/${id}/status`, { status: 'PRE_APPROVED' }, as);
    expect(res.body.history[0]).toMatchObject({ toStatus: 'PRE_APPROVED', actor: 'Alex Admin' });
  });
});

describe('loan officers', () => {
  it('lists the office’s officers by last name with their referral figures counted from the rows', async () => {
    const res = await lender.get<Page<LoanOfficerRow>>(OFFICERS);
    expect(res.status).toBe(200);
    const last = res.body.content.map((o) => o.lastName.toLowerCase());
    expect(last).toEqual([...last].sort());
    for (const o of res.body.content) expect(o.figures.referrals).toBe(await count(`loan_officer_id = ${o.id}`));
    expect((await lender.get(`${OFFICERS}?loanOfficeId=${ids.keystone}`)).status).toBe(403);
  });

  it('shows a brokerage admin only the officers their brokerage’s referrals went to, counting only those', async () => {
    const res = await broker.get<Page<LoanOfficerRow>>(`${OFFICERS}?pageSize=100`);
    expect(res.status).toBe(200);
    expect(res.body.totalElements).toBe(
      Number(
        (
          await sql<{
            n: number;
          }>`select count(distinct loan_officer_id)::int as n from lender_referrals where brokerage_id = ${ids.harbor}`.execute(
            server.db,
          )
        ).rows[0]!.n,
      ),
    );
    for (const o of res.body.content)
      expect(o.figures.referrals).toBe(await count(`loan_officer_id = ${o.id} and brokerage_id = ${ids.harbor}`));
    expect((await broker.get(`${OFFICERS}/${res.body.content[0]!.id}`)).status).toBe(403); // view/:id is not theirs (spec 1 section 6)
  });

  it('adds a loan officer with the spec’s validation and refuses a duplicate email with 409', async () => {
    const bad = await lender.post(OFFICERS, { firstName: 'Dana', lastName: '', email: 'nope', phone: '12', nmls: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      lastName: 'Last name is required',
      email: 'Invalid e-mail.',
      phone: 'Invalid phone number.',
    });
    const body = {
      firstName: 'Dana',
      lastName: 'Brooks',
      email: 'Dana.Brooks@summit.example',
      phone: '(555) 010-4242',
      nmls: '1234567',
    };
    const res = await lender.post<LoanOfficerDetail>(OFFICERS, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      loanOfficeId: ids.summit,
      email: 'dana.brooks@summit.example',
      phone: '+15550104242',
      status: 'ACTIVE',
      figures: { referrals: 0 },
    });
    expect((await lender.post(OFFICERS, body)).status).toBe(409);
    expect((await lender.post(OFFICERS, { ...body, email: 'x@y.example', loanOfficeId: ids.keystone })).status).toBe(
      403,
    );
    expect((await broker.post(OFFICERS, { ...body, email: 'z@y.example' })).status).toBe(403);
    expect((await admin.post(OFFICERS, { ...body, email: 'z@y.example' })).status).toBe(400); // staff name the office
  });

  it('deactivates an officer: their open referrals go back to unassigned, closed ones keep them', async () => {
    const officer = (
      await sql<{ id: number }>`select loan_officer_id as id from lender_referrals where loan_office_id = ${ids.summit}
      and status = 'CLOSED' and loan_officer_id in (select loan_officer_id from lender_referrals where status in ('CONTACTED', 'PRE_APPROVED', 'APPLICATION', 'UNDERWRITING', 'RECEIVED'))
      limit 1`.execute(server.db)
    ).rows[0]!.id;
    const closed = await count(`loan_officer_id = ${officer} and status = 'CLOSED'`);
    const res = await lender.put<LoanOfficerDetail>(`${OFFICERS}/${officer}/status`, { status: 'INACTIVE' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('INACTIVE');
    expect(await count(`loan_officer_id = ${officer} and status not in ('CLOSED', 'LOST')`)).toBe(0);
    expect(await count(`loan_officer_id = ${officer} and status = 'CLOSED'`)).toBe(closed);
    const inactive = await lender.get<Page<LoanOfficerRow>>(`${OFFICERS}?status=INACTIVE`);
    expect(inactive.body.content.map((o) => o.id)).toContain(officer);
    const id = await anyReferral(ids.summit, `loan_officer_id is distinct from ${officer} and status <> 'CLOSED'`);
    expect((await lender.put(`${REFERRALS}/${id}/loan-officer`, { loanOfficerId: officer })).status).toBe(400);
    expect((await lender.put(`${OFFICERS}/${officer}/status`, { status: 'PAUSED' })).status).toBe(400);
  });
});

describe('the loan office overview', () => {
  it.each(['lender', 'admin'] as const)(
    'every figure %s sees on the overview opens a list whose total equals it (Open included)',
    async (who) => {
      const caller = who === 'lender' ? lender : admin;
      const office = who === 'lender' ? '' : `&loanOfficeId=${ids.summit}`;
      const o = (await caller.get<LenderOverview>(`/lenders-api/loan-offices/${ids.summit}/stats`)).body;
      const total = async (qs: string) =>
        (await caller.get<Page<LenderReferralRow>>(`${REFERRALS}?pageSize=1${office}&${qs}`)).body.totalElements;
      const open = o.byStatus
        .filter((x) => x.status !== 'CLOSED' && x.status !== 'LOST')
        .reduce((n, x) => n + x.count, 0);
      expect(open).toBeGreaterThan(0);
      const figures: [string, number, string][] = [
        ['Open', open, 'status=OPEN'],
        // The conversion widget counts the referrals received in its 12 months, and links with their first day.
        ['Loans Closed', o.conversion.closed, `status=CLOSED&receivedFrom=${o.conversion.receivedFrom}`],
        ['Not Proceeding', o.conversion.lost, `status=LOST&receivedFrom=${o.conversion.receivedFrom}`],
        ['Received in the 12 months', o.conversion.received, `receivedFrom=${o.conversion.receivedFrom}`],
        ...o.byStatus.map((x): [string, number, string] => [x.status, x.count, `status=${x.status}`]),
        ...o.perOfficer
          .filter((x) => x.loanOfficerId === null)
          .map((x): [string, number, string] => ['Unassigned', x.total, 'unassigned=true']),
      ];
      for (const [name, figure, qs] of figures) expect({ name, list: await total(qs) }).toEqual({ name, list: figure });
    },
  );

  it("the conversion figures' 12 months start on the first day of the month 11 months back, and the list filters by it", async () => {
    // A closed loan received before the 12 months: counted by the step's bar, not by Loans Closed.
    const o = (await lender.get<LenderOverview>(`/lenders-api/loan-offices/${ids.summit}/stats`)).body;
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
    expect(o.conversion.receivedFrom).toBe(first);
    const old = await server.db
      .selectFrom('lender_referrals')
      .select('id')
      .where('loan_office_id', '=', ids.summit)
      .where('status', '=', 'CLOSED')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('lender_referrals')
      .set({ received_at: new Date(`${first}T00:00:00Z`.replace(/^(\d{4})/, (y) => String(Number(y) - 1))) })
      .where('id', '=', old.id)
      .execute();
    const after = (await lender.get<LenderOverview>(`/lenders-api/loan-offices/${ids.summit}/stats`)).body;
    const list = async (qs: string) =>
      (await lender.get<Page<LenderReferralRow>>(`${REFERRALS}?pageSize=100&${qs}`)).body;
    const closedAll = await list('status=CLOSED');
    const closedYear = await list(`status=CLOSED&receivedFrom=${first}`);
    expect(closedAll.totalElements).toBe(after.byStatus.find((x) => x.status === 'CLOSED')!.count);
    expect(closedYear.totalElements).toBe(after.conversion.closed);
    expect(closedYear.totalElements).toBeLessThan(closedAll.totalElements);
    expect(closedYear.content.every((r) => r.received >= `${first}T00:00:00`)).toBe(true);
    expect(closedYear.content.some((r) => r.id === old.id)).toBe(false);
    expect(
      await count(`loan_office_id = ${ids.summit} and status = 'CLOSED' and received_at >= '${first}T00:00:00Z'`),
    ).toBe(closedYear.totalElements);
    // The export has the same filter; a day that is not on the calendar is a 400, not a 500.
    const csv = await lender.get<string>(`${REFERRALS}/export.csv?status=CLOSED&receivedFrom=${first}`);
    expect(csv.status).toBe(200);
    for (const bad of ['2026-02-30', '2026-1-01', 'yesterday']) {
      const res = await lender.get<{ message: string }>(`${REFERRALS}?receivedFrom=${bad}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('receivedFrom');
    }
  });

  it('counts this month, the 12 months, steps and per-officer figures from the rows', async () => {
    const res = await lender.get<LenderOverview>(`/lenders-api/loan-offices/${ids.summit}/stats`);
    expect(res.status).toBe(200);
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    expect(res.body.receivedThisMonth).toBe(
      await count(`loan_office_id = ${ids.summit} and received_at >= '${monthStart}'`),
    );
    expect(res.body.perMonth).toHaveLength(12);
    expect(res.body.byStatus.reduce((s, x) => s + x.count, 0)).toBe(await count(`loan_office_id = ${ids.summit}`));
    for (const o of res.body.perOfficer.filter((x) => x.loanOfficerId !== null)) {
      expect(o.open).toBe(await count(`loan_officer_id = ${o.loanOfficerId} and status not in ('CLOSED', 'LOST')`));
    }
    expect(res.body.conversion.rate).toBeCloseTo(res.body.conversion.closed / res.body.conversion.received);
    expect(res.body.firstContact.contacted).toBeLessThanOrEqual(res.body.firstContact.received);
  });

  it('refuses another office’s figures and brokerage admins; staff read any office', async () => {
    expect((await lender.get(`/lenders-api/loan-offices/${ids.keystone}/stats`)).status).toBe(403);
    expect((await broker.get(`/lenders-api/loan-offices/${ids.summit}/stats`)).status).toBe(403);
    expect((await admin.get(`/lenders-api/loan-offices/${ids.keystone}/stats`)).status).toBe(200);
    expect((await admin.get('/lenders-api/loan-offices/999999/stats')).status).toBe(404);
  });
});

describe("an opportunity's lender", () => {
  it('names the loan office and step to staff and to that office, 403 to another office', async () => {
    const row = await server.db
      .selectFrom('lender_referrals')
      .select(['opportunity_id', 'loan_office_id'])
      .where('loan_office_id', '=', ids.keystone)
      .executeTakeFirstOrThrow();
    const res = await admin.get(`/interviews-api/opportunities/${row.opportunity_id}/lender`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ loanOffice: { id: ids.keystone, name: 'Keystone Mortgage' } });
    expect((await lender.get(`/interviews-api/opportunities/${row.opportunity_id}/lender`)).status).toBe(403);
    const plain = await server.db
      .selectFrom('opportunities')
      .select('id')
      .where('status', '=', 'CLOSED')
      .executeTakeFirstOrThrow();
    const none = await admin.get(`/interviews-api/opportunities/${plain.id}/lender`);
    expect([none.status, none.body]).toEqual([200, null]);
  });
});
