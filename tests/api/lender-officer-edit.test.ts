import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';

import type { LoanOfficerDetail } from '../../src/contract/loan-officers.ts';
import type { Caller, TestServer } from '../setup/test-server.ts';
import { HEADER, OFFICERS, REFERRALS, useLenderFixture, type LenderFixture } from './lender-fixture.ts';

// Second part: editing and reactivating a loan officer, and the CSV exports of the two
// lender lists (what the list shows, under the same scope: one office, or one brokerage's share).

const f = useLenderFixture();
let server: TestServer, lender: Caller, admin: Caller, broker: Caller, manager: Caller, ids: LenderFixture['ids'];
beforeAll(() => {
  ({ server, lender, admin, broker, manager, ids } = f);
});

const officersOf = (office: number) =>
  server.db.selectFrom('loan_officers').selectAll().where('loan_office_id', '=', office).orderBy('id').execute();
const rowOf = (id: number) =>
  server.db.selectFrom('loan_officers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const count = async (where: string) =>
  Number(
    (
      await sql<{ n: number }>`select count(*)::int as n from lender_referrals where ${sql.raw(where)}`.execute(
        server.db,
      )
    ).rows[0]!.n,
  );
/** CSV lines without the byte-order mark, header first. */
const linesOf = (csv: unknown) =>
  String(csv)
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

describe('PUT /lenders-api/loan-officers/{id} (edit)', () => {
  it('saves the name, email, phone and NMLS ID of the office’s officer, normalised as on adding', async () => {
    const [officer] = await officersOf(ids.summit);
    const res = await lender.put<LoanOfficerDetail>(`${OFFICERS}/${officer!.id}`, {
      firstName: ' Morgan ',
      lastName: "O'Neil-Park",
      email: 'Morgan.ONeil@Summit.example',
      phone: '(555) 010-3131',
      nmls: '998877',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: officer!.id,
      firstName: 'Morgan',
      lastName: "O'Neil-Park",
      email: 'morgan.oneil@summit.example',
      phone: '+15550103131',
      nmls: '998877',
    });
    expect(await rowOf(officer!.id)).toMatchObject({
      first_name: 'Morgan',
      last_name: "O'Neil-Park",
      email: 'morgan.oneil@summit.example',
      phone: '+15550103131',
      nmls: '998877',
    });
    expect((await lender.get<LoanOfficerDetail>(`${OFFICERS}/${officer!.id}`)).body.lastName).toBe("O'Neil-Park");
  });

  it('answers 400 with the spec’s field messages and changes nothing on bad input', async () => {
    const [, officer] = await officersOf(ids.summit);
    const before = await rowOf(officer!.id);
    const res = await lender.put(`${OFFICERS}/${officer!.id}`, {
      firstName: 'R2D2',
      lastName: '',
      email: 'nope',
      phone: '12',
      nmls: 'abc',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'Bad Request',
      fields: {
        firstName: 'First name may hold letters, spaces, hyphens, apostrophes and periods',
        lastName: 'Last name is required',
        email: 'Invalid e-mail.',
        phone: 'Invalid phone number.',
        nmls: 'NMLS ID must be 1 to 12 digits',
      },
    });
    expect((await lender.put(`${OFFICERS}/${officer!.id}`, { firstName: 'Only' })).status).toBe(400); // every field is required
    expect((await lender.put(`${OFFICERS}/${officer!.id}`, 'not json')).status).toBe(400);
    expect(await rowOf(officer!.id)).toEqual(before);
  });

  it('refuses another officer’s email of the same office with 409, but keeps an officer’s own email', async () => {
    const [a, b] = await officersOf(ids.summit);
    const body = { firstName: b!.first_name, lastName: b!.last_name, phone: '(555) 010-2020', nmls: b!.nmls ?? '1' };
    const taken = await lender.put(`${OFFICERS}/${b!.id}`, { ...body, email: a!.email!.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ fields: { email: 'A loan officer with this email already exists' } });
    expect((await rowOf(b!.id)).email).toBe(b!.email);
    const own = await lender.put<LoanOfficerDetail>(`${OFFICERS}/${b!.id}`, { ...body, email: b!.email! });
    expect(own.status).toBe(200);
    expect(own.body.phone).toBe('+15550102020');
  });

  it('refuses another office’s officer (403), brokerage admins and MANAGER (403), and answers 404 to staff for a missing one', async () => {
    const [foreign] = await officersOf(ids.keystone);
    const body = {
      firstName: 'Jo',
      lastName: 'Doe',
      email: 'jo.doe@keystone.example',
      phone: '(555) 010-4545',
      nmls: '42',
    };
    expect((await lender.put(`${OFFICERS}/${foreign!.id}`, body)).status).toBe(403);
    expect((await lender.put(`${OFFICERS}/999999`, body)).status).toBe(403);
    expect((await broker.put(`${OFFICERS}/${foreign!.id}`, body)).status).toBe(403);
    expect((await manager.put(`${OFFICERS}/${foreign!.id}`, body)).status).toBe(403);
    expect((await admin.put(`${OFFICERS}/999999`, body)).status).toBe(404);
    expect((await rowOf(foreign!.id)).first_name).toBe(foreign!.first_name);
  });

  it('lets staff impersonating the loan office edit its officer', async () => {
    const [, , officer] = await officersOf(ids.summit);
    const res = await admin.put<LoanOfficerDetail>(
      `${OFFICERS}/${officer!.id}`,
      {
        firstName: officer!.first_name,
        lastName: 'Impersonated',
        email: officer!.email!,
        phone: '(555) 010-5656',
        nmls: '5656',
      },
      { [HEADER]: String(ids.lenderUser) },
    );
    expect(res.status).toBe(200);
    expect((await rowOf(officer!.id)).last_name).toBe('Impersonated');
  });
});

describe('reactivating a loan officer', () => {
  it('deactivates then reactivates: the officer is ACTIVE again, can be assigned, and released referrals stay unassigned', async () => {
    const officer = (
      await sql<{ id: number }>`select loan_officer_id as id from lender_referrals where loan_office_id = ${ids.summit}
      and loan_officer_id is not null and status not in ('CLOSED', 'LOST') group by 1 order by 1 limit 1`.execute(
        server.db,
      )
    ).rows[0]!.id;
    const open = await count(`loan_officer_id = ${officer} and status not in ('CLOSED', 'LOST')`);
    expect(open).toBeGreaterThan(0);
    const off = await lender.put<LoanOfficerDetail>(`${OFFICERS}/${officer}/status`, { status: 'INACTIVE' });
    expect(off.body).toMatchObject({ status: 'INACTIVE', figures: { open: 0 } });
    expect(off.body.deactivated).not.toBeNull();
    const on = await lender.put<LoanOfficerDetail>(`${OFFICERS}/${officer}/status`, { status: 'ACTIVE' });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ status: 'ACTIVE', deactivated: null, figures: { open: 0 } });
    expect(await rowOf(officer)).toMatchObject({ status: 'ACTIVE', deactivated_at: null });
    const referral = (
      await sql<{
        id: number;
      }>`select id from lender_referrals where loan_office_id = ${ids.summit} and loan_officer_id is null
      and status = 'RECEIVED' order by id limit 1`.execute(server.db)
    ).rows[0]!.id;
    expect((await lender.put(`${REFERRALS}/${referral}/loan-officer`, { loanOfficerId: officer })).status).toBe(200);
    // Reactivating is idempotent and another office's officer is refused.
    expect((await lender.put(`${OFFICERS}/${officer}/status`, { status: 'ACTIVE' })).status).toBe(200);
    const [foreign] = await officersOf(ids.keystone);
    expect((await lender.put(`${OFFICERS}/${foreign!.id}/status`, { status: 'ACTIVE' })).status).toBe(403);
    expect((await broker.put(`${OFFICERS}/${officer}/status`, { status: 'INACTIVE' })).status).toBe(403);
  });
});

describe('CSV exports of the lender lists', () => {
  it('exports the office’s loan officers under the list’s filters, one line each, for the loan office only', async () => {
    const res = await lender.get(`${OFFICERS}/export.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/csv');
    const lines = linesOf(res.body);
    expect(lines[0]).toBe(
      'Id,First Name,Last Name,Loan Office,NMLS ID,Email,Phone,Status,Open Referrals,Closed Loans,Referrals,Added',
    );
    expect(lines.length - 1).toBe((await officersOf(ids.summit)).length);
    expect(lines.slice(1).every((l) => l.includes('Summit Home Loans'))).toBe(true);
    const inactive = linesOf((await lender.get(`${OFFICERS}/export.csv?status=INACTIVE`)).body);
    expect(inactive.length - 1).toBe((await officersOf(ids.summit)).filter((o) => o.status === 'INACTIVE').length);
    expect((await lender.get(`${OFFICERS}/export.csv?loanOfficeId=${ids.keystone}`)).status).toBe(403);
    expect((await lender.get(`${OFFICERS}/export.csv?status=PAUSED`)).status).toBe(400);
    expect((await manager.get(`${OFFICERS}/export.csv`)).status).toBe(200); // the list admits every staff role
  });

  it('exports a brokerage admin only the officers their referrals went to, counting only those', async () => {
    const lines = linesOf((await broker.get(`${OFFICERS}/export.csv`)).body);
    const expected = (
      await sql<{ id: number; n: number }>`select loan_officer_id as id, count(*)::int as n from lender_referrals
      where brokerage_id = ${ids.harbor} and loan_officer_id is not null group by 1 order by 1`.execute(server.db)
    ).rows;
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(expected.map((r) => r.id));
    // "Referrals" (the 11th column) counts only the brokerage's referrals.
    expect(lines.slice(1).map((l) => Number(l.split(',')[10]))).toEqual(expected.map((r) => r.n));
  });

  it('exports the lender referrals the list shows (status, loan officer, unassigned), scoped to the office or the brokerage', async () => {
    const all = linesOf((await lender.get(`${REFERRALS}/export.csv`)).body);
    expect(all[0]).toBe(
      'Id,Buyer First Name,Buyer Last Name,Agent,Brokerage,Loan Office,Status,Loan Officer,Received,Updated',
    );
    expect(all.length - 1).toBe(await count(`loan_office_id = ${ids.summit}`));
    const closed = linesOf((await lender.get(`${REFERRALS}/export.csv?status=CLOSED`)).body);
    expect(closed.length - 1).toBe(await count(`loan_office_id = ${ids.summit} and status = 'CLOSED'`));
    expect(closed.slice(1).every((l) => l.includes(',Loan Closed,'))).toBe(true);
    const none = linesOf((await lender.get(`${REFERRALS}/export.csv?unassigned=true`)).body);
    expect(none.length - 1).toBe(await count(`loan_office_id = ${ids.summit} and loan_officer_id is null`));
    expect(none.slice(1).every((l) => l.includes(',Unassigned,'))).toBe(true);
    const brokerage = linesOf((await broker.get(`${REFERRALS}/export.csv`)).body);
    expect(brokerage.length - 1).toBe(await count(`brokerage_id = ${ids.harbor}`));
    expect((await lender.get(`${REFERRALS}/export.csv?loanOfficeId=${ids.keystone}`)).status).toBe(403);
    expect((await lender.get(`${REFERRALS}/export.csv?status=NOPE`)).status).toBe(400);
    expect((await manager.get(`${REFERRALS}/export.csv`)).status).toBe(403); // not a list role of spec 1 section 6
    const audit = await server.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'EXPORT')
      .where('detail', 'like', 'lender-referrals%')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(4);
  });
});
