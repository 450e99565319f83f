import { sql, type RawBuilder, type Selectable } from 'kysely';

import type { DncContact } from '../../../src/contract/interviews.ts';
import type { Db } from '../../db/database.ts';
import type { DncContactsTable } from '../../db/schema-staff.ts';
import { escapeLike } from '../../http/paging.ts';

// The do-not-call search, built to page a million contacts as fast as a hundred:
// - a value matches at its start or its end (btree text_pattern_ops on value and on reverse(value));
// - without a value, totals and the start of a deep page come from dnc_buckets (see 004_staff.sql).

export interface DncFilter {
  value?: string | undefined;
  blocked: boolean;
}

const BUCKET_SHIFT = 10; // dnc_buckets holds counts per 1024 ids (id >> 10)

const reverse = (s: string) => [...s].reverse().join('');

/** Prefixes and suffixes a typed value stands for: as typed, and a phone-like entry as digits. */
export function valuePatterns(raw: string): { prefixes: string[]; suffixes: string[] } {
  const text = raw.trim().toLowerCase();
  const prefixes = new Set([text]);
  const suffixes = new Set([text]);
  if (/^[\d\s().+-]+$/.test(text) && /\d/.test(text)) {
    let digits = text.replace(/\D/g, '');
    if (digits.length > 10) digits = digits.slice(-10); // the phone rule keeps the last ten digits
    prefixes.add(`+1${digits}`);
    if (digits.startsWith('1')) prefixes.add(`+${digits}`); // typed with the country code
    suffixes.add(digits);
  }
  return { prefixes: [...prefixes], suffixes: [...suffixes] };
}

/**
 * Ids of the contacts matching a value (and the blocked filter): a union of index-only scans, one per
 * prefix or suffix, so even a domain shared by thousands of contacts never reads the table.
 */
export function matchingIds(filter: DncFilter & { value: string }): RawBuilder<{ id: number }> {
  const { prefixes, suffixes } = valuePatterns(filter.value);
  const blocked = filter.blocked ? sql` and blocked` : sql``;
  return sql.join(
    [
      ...prefixes.map((p) => sql`select id from dnc_contacts where value like ${`${escapeLike(p)}%`}${blocked}`),
      ...suffixes.map(
        (x) => sql`select id from dnc_contacts where value_reversed like ${`${escapeLike(reverse(x))}%`}${blocked}`,
      ),
    ],
    sql` union `,
  );
}

export const dncView = (r: Selectable<DncContactsTable>): DncContact => ({
  id: r.id,
  type: r.type,
  value: r.value,
  ownerType: r.owner_type,
  channel: r.channel,
  disposition: r.disposition,
  blocked: r.blocked,
  created: r.created.toISOString(),
});

/** One page, newest first (ids follow the time received), with the total of the filtered list. */
export async function searchDnc(db: Db, filter: DncFilter, pageIndex: number, pageSize: number) {
  const offset = pageIndex * pageSize;
  if (filter.value) {
    const ids = matchingIds({ ...filter, value: filter.value });
    const page = await sql<Selectable<DncContactsTable> & { total: number }>`
      select c.*, m.total from dnc_contacts c join (
        select id, count(*) over ()::int as total from (${ids}) u order by id desc offset ${offset} limit ${pageSize}
      ) m on m.id = c.id order by c.id desc`.execute(db);
    const total =
      page.rows[0]?.total ??
      (await sql<{ n: number }>`select count(*)::int as n from (${ids}) u`.execute(db)).rows[0]?.n ??
      0;
    return { content: page.rows.map(dncView), totalElements: total };
  }
  // The bucket counts and the rows are read in one transaction so the total matches the page.
  return db.transaction().execute(async (trx) => {
    const column = sql.ref(filter.blocked ? 'blocked' : 'total');
    const anchor = await sql<{ bucket: number; before: number; total: number }>`
      select bucket, before::int, total::int from (
        select bucket, cum - n as before, sum(n) over () as total, cum
        from (select bucket, ${column} as n, sum(${column}) over (order by bucket desc) as cum
              from dnc_buckets where ${column} > 0) counted
      ) located where cum > ${offset} order by bucket desc limit 1`.execute(trx);
    const at = anchor.rows[0];
    if (!at) {
      const sum = await trx
        .selectFrom('dnc_buckets')
        .select(sql<number>`coalesce(sum(${column}), 0)::int`.as('n'))
        .executeTakeFirst();
      return { content: [], totalElements: sum?.n ?? 0 };
    }
    const rows = await trx
      .selectFrom('dnc_contacts')
      .selectAll()
      .where('id', '<', (at.bucket + 1) << BUCKET_SHIFT)
      .$if(filter.blocked, (q) => q.where('blocked', '=', true))
      .orderBy('id', 'desc')
      .offset(offset - at.before)
      .limit(pageSize)
      .execute();
    return { content: rows.map(dncView), totalElements: at.total };
  });
}
