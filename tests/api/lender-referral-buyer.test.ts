import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import type { LenderReferralRow } from '../../src/contract/lender-referrals.ts';
import { REFERRALS, useLenderFixture } from './lender-fixture.ts';

// The lender referral list's buyer sort and buyer search read a sort key and a search text kept on the
// referral from its opportunity (migration 058). Their answers must equal the opportunities' own
// fields, as the list read them before: after the seed, after a new referral, and after the buyer's
// name, email or phone changes on the opportunity.

const f = useLenderFixture();

type Page = { content: LenderReferralRow[]; totalElements: number };

/** The office's referral ids in buyer order, computed from the opportunities. */
async function buyerOrder(office: number, desc: boolean, limit: number): Promise<number[]> {
  const dir = sql.raw(desc ? 'desc' : 'asc');
  return (
    await sql<{ id: number }>`select lr.id from lender_referrals lr join opportunities op on op.id = lr.opportunity_id
      where lr.loan_office_id = ${office}
      order by lower(concat_ws(' ', op.contact_last, op.contact_first)) ${dir}, lr.id desc limit ${limit}`.execute(
      f.server.db,
    )
  ).rows.map((r) => r.id);
}

/** The office's referrals whose buyer name, email or phone holds `pattern` (a LIKE pattern), from the opportunities. */
async function matching(office: number, pattern: string): Promise<number[]> {
  return (
    await sql<{ id: number }>`select lr.id from lender_referrals lr join opportunities op on op.id = lr.opportunity_id
      where lr.loan_office_id = ${office} and (lower(concat_ws(' ', op.contact_first, op.contact_last)) like ${pattern}
        or lower(coalesce(op.contact_email, '')) like ${pattern} or coalesce(op.contact_phone, '') like ${pattern})
      order by lr.received_at desc, lr.id desc`.execute(f.server.db)
  ).rows.map((r) => r.id);
}

const list = async (query: string) =>
  (await f.lender.get<Page>(`${REFERRALS}?loanOfficeId=${f.ids.summit}&${query}`)).body;

/** Kept values that differ from what the opportunity now says. */
const stale = async () =>
  (
    await sql<{
      n: number;
    }>`select count(*)::int as n from lender_referrals lr join opportunities op on op.id = lr.opportunity_id
      where lr.buyer_sort is distinct from lower(concat_ws(' ', op.contact_last, op.contact_first))
         or lr.buyer_search is distinct from lower(concat_ws(' ', op.contact_first, op.contact_last)) || chr(31)
            || lower(coalesce(op.contact_email, '')) || chr(31) || coalesce(op.contact_phone, '')`.execute(f.server.db)
  ).rows[0]!.n;

describe("the lender referral list's buyer sort and search", () => {
  it('keeps every seeded referral’s buyer as its opportunity gives it', async () => {
    expect(await stale()).toBe(0);
    const n = await f.server.db
      .selectFrom('lender_referrals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBeGreaterThan(20);
  });

  it('sorts buyer A-Z and Z-A as the opportunities’ last and first names do', async () => {
    for (const desc of [false, true]) {
      const page = await list(`sort=buyer,${desc ? 'DESC' : 'ASC'}&pageSize=40`);
      expect(page.content.length).toBeGreaterThan(10);
      expect(page.content.map((r) => r.id)).toEqual(await buyerOrder(f.ids.summit, desc, 40));
    }
  });

  it('finds by a name, an email and a phone what the opportunities hold, and no match across two of them', async () => {
    const sample = await f.server.db
      .selectFrom('lender_referrals as lr')
      .innerJoin('opportunities as op', 'op.id', 'lr.opportunity_id')
      .where('lr.loan_office_id', '=', f.ids.summit)
      .where('op.contact_email', 'is not', null)
      .where('op.contact_phone', 'is not', null)
      .select(['op.contact_last', 'op.contact_email', 'op.contact_phone'])
      .orderBy('lr.id')
      .executeTakeFirstOrThrow();
    const terms = [
      sample.contact_last!.slice(0, 4),
      sample.contact_email!.split('@')[1]!,
      sample.contact_phone!.replace(/\D/g, '').slice(-4),
      // A * spans within one field; the last name then the phone's digits spans two, and finds nothing.
      `${sample.contact_last!.slice(0, 2)}*${sample.contact_last!.slice(-1)}`,
      `${sample.contact_last!}*${sample.contact_phone!.replace(/\D/g, '').slice(-4)}`,
    ];
    for (const term of terms) {
      const pattern = `%${term.toLowerCase().replace(/\*/g, '%')}%`;
      const want = await matching(f.ids.summit, pattern);
      const page = await list(`name=${encodeURIComponent(term)}&pageSize=100`);
      expect({ term, total: page.totalElements, ids: page.content.map((r) => r.id) }).toEqual({
        term,
        total: want.length,
        ids: want.slice(0, 100),
      });
    }
    expect((await list(`name=${encodeURIComponent(terms[0]!)}&pageSize=100`)).totalElements).toBeGreaterThan(0);
    expect((await list(`name=${encodeURIComponent(terms[4]!)}&pageSize=100`)).totalElements).toBe(0);
    // ...though the kept text, read whole, holds it: the match is kept within one of the three.
    const across = `%${terms[4]!.toLowerCase().replace(/\*/g, '%')}%`;
    const whole = await sql<{
      n: number;
    }>`select count(*)::int as n from lender_referrals where buyer_search like ${across}`.execute(f.server.db);
    expect(whole.rows[0]!.n).toBeGreaterThan(0);
  });

  it('follows the buyer’s new name, email and phone on the opportunity, and a new referral’s buyer', async () => {
    const first = (await list('sort=buyer,ASC&pageSize=1')).content[0]!;
    const { opportunity_id } = await f.server.db
      .selectFrom('lender_referrals')
      .select('opportunity_id')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    const edit = await f.admin.patch(`/interviews-api/opportunities/${opportunity_id}`, {
      nameLast: 'Zzyzx',
      emailAddress: 'renamed.buyer@example.test',
      phoneNumber: '5550199123',
    });
    expect(edit.status).toBe(200);
    expect((await list('sort=buyer,DESC&pageSize=1')).content[0]!.id).toBe(first.id);
    for (const term of ['zzyzx', 'renamed.buyer', '0199123'])
      expect((await list(`name=${term}&pageSize=10`)).content.map((r) => r.id)).toEqual([first.id]);

    // A referral inserted now takes its buyer from its opportunity as it is written, and one moved to
    // another opportunity takes that one's.
    const [free, other] = await f.server.db
      .selectFrom('opportunities as op')
      .where('op.contact_last', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('lender_referrals as lr').select('lr.id').whereRef('lr.opportunity_id', '=', 'op.id'))),
      )
      .select(['op.id', 'op.contact_last'])
      .orderBy('op.id')
      .limit(2)
      .execute();
    await f.server.db.updateTable('opportunities').set({ contact_last: 'Zzyzx' }).where('id', '=', free!.id).execute();
    const source = await f.server.db
      .selectFrom('lender_referrals')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    const { id: added } = await f.server.db
      .insertInto('lender_referrals')
      .values({
        loan_office_id: source.loan_office_id,
        opportunity_id: free!.id,
        brokerage_id: source.brokerage_id,
        agent_id: source.agent_id,
        received_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await list('name=zzyzx&pageSize=10')).content.map((r) => r.id).sort()).toEqual([first.id, added].sort());
    await f.server.db
      .updateTable('lender_referrals')
      .set({ opportunity_id: other!.id })
      .where('id', '=', added)
      .execute();
    expect((await list('name=zzyzx&pageSize=10')).content.map((r) => r.id)).toEqual([first.id]);
    expect(await stale()).toBe(0);
  });
});
