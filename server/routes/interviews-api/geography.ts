import { sql } from 'kysely';
import * as v from 'valibot';

import { BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import type { MarketPage, ZipCode } from '../../../src/contract/agent-assignments.ts';
import { MAX_RESOLVE_ZIPS, type GeographyPage } from '../../../src/contract/geography.ts';
import { zipQuery } from '../../geography/zip-codes.ts';
import { notFound } from '../../http/errors.ts';
import { countOf, IdParam, likeWildcard, TextParam } from '../../http/paging.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { Paging, params, query } from '../../http/validate.ts';

// ZIP geography (spec 2 section 7 "Geography: zipCodes/{zip}, geography; markets": zipCodes,
// markets and geography). Reference data with no owner: read by every screen that
// takes a ZIP, so by staff (coverage areas on the agent view, supplier ZIPs, agent assignments) and
// brokerage admins (their agents' questionnaire ZIPs). Agents and lenders enter no ZIPs.

const Zip = v.pipe(v.string(), v.regex(/^\d{5}$/, 'ZIP must be exactly 5 digits'));
const ZipList = v.pipe(
  v.string(),
  v.transform((s) =>
    s
      .split(',')
      .map((z) => z.trim())
      .filter(Boolean),
  ),
  v.maxLength(MAX_RESOLVE_ZIPS, `at most ${MAX_RESOLVE_ZIPS} ZIPs`),
  v.check((zs) => zs.every((z) => /^\d{5}$/.test(z)), 'zips must be 5-digit ZIPs separated by commas'),
);
const GeographyQuery = v.object({
  ...Paging,
  /** ZIPs starting with these digits */
  zip: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'zip must be 1 to 5 digits'))),
  city: TextParam(),
  state: v.optional(v.pipe(v.string(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'state must be a two-letter code'))),
  marketId: IdParam,
  /** resolve exactly these ZIPs (unknown ones are left out) */
  zips: v.optional(ZipList),
});

export const geographyRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/interviews-api/zipCodes/:zip',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const { zip } = params(c, v.object({ zip: Zip }));
      const row = await zipQuery(c.get('db')).where('z.zip', '=', zip).executeTakeFirst();
      if (!row) throw notFound('No such ZIP code');
      return c.json(row satisfies ZipCode);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/geography',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const q = query(c, GeographyQuery);
      const db = c.get('db');
      const filtered = () =>
        db
          .selectFrom('zip_codes as z')
          .leftJoin('markets as m', 'm.id', 'z.market_id')
          .$if(q.zip !== undefined, (qb) => qb.where('z.zip', 'like', `${q.zip ?? ''}%`))
          .$if(!!q.city, (qb) => qb.where(sql`lower(z.city)`, 'like', likeWildcard((q.city ?? '').toLowerCase())))
          .$if(q.state !== undefined, (qb) => qb.where('z.state', '=', q.state ?? ''))
          .$if(q.marketId !== undefined, (qb) => qb.where('z.market_id', '=', q.marketId ?? 0))
          .$if(q.zips !== undefined, (qb) => qb.where('z.zip', 'in', q.zips && q.zips.length > 0 ? q.zips : ['']));
      const [totalElements, rows] = await Promise.all([
        countOf(filtered().select((eb) => eb.fn.countAll<number>().as('n'))),
        filtered()
          .select(['z.zip', 'z.city', 'z.state', 'm.name as market'])
          .orderBy('z.zip')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      return c.json({ content: rows, totalElements } satisfies GeographyPage);
    },
  }),
  route({
    method: 'GET',
    path: '/interviews-api/markets',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const q = query(c, v.object(Paging));
      const db = c.get('db');
      const [totalElements, rows] = await Promise.all([
        countOf(db.selectFrom('markets').select((eb) => eb.fn.countAll<number>().as('n'))),
        db
          .selectFrom('markets as m')
          .select(['m.id', 'm.name'])
          .select(sql<number>`(select count(*) from zip_codes z where z.market_id = m.id)`.as('zip_count'))
          .orderBy('m.name')
          .offset(q.pageIndex * q.pageSize)
          .limit(q.pageSize)
          .execute(),
      ]);
      return c.json({
        content: rows.map((m) => ({ id: m.id, name: m.name, zipCount: Number(m.zip_count) })),
        totalElements,
      } satisfies MarketPage);
    },
  }),
];
