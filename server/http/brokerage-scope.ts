import { sql } from 'kysely';
import * as v from 'valibot';

import type { Product } from '../../src/contract/brokerages.ts';
import { quarterlyCapSql } from '../db/lead-caps.ts';
import { badRequest, notFound } from './errors.ts';
import { assertBrokerage, brokerageOf } from './ownership.ts';
import { type AppContext } from './route.ts';
import { Id } from './validate.ts';

/** The products one figure covers: COMBINED means both. */
export const productsOf = (p: Product): ('PORCHLIGHT' | 'LEAD_GENIUS')[] =>
  p === 'COMBINED' ? ['PORCHLIGHT', 'LEAD_GENIUS'] : [p];

export type SortDirection = 'asc' | 'desc';
export interface Sort<K extends string> {
  key: K;
  direction: SortDirection;
}

/** Parses "key,DESC" (direction optional, ASC by default) against the allowed keys; undefined when invalid. */
export function parseSort<K extends string>(raw: string, keys: readonly K[]): Sort<K> | undefined {
  const [key, dir = 'ASC', ...rest] = raw.split(',').map((s) => s.trim());
  if (rest.length > 0 || !keys.includes(key as K) || !/^(asc|desc)$/i.test(dir)) return undefined;
  return { key: key as K, direction: dir.toLowerCase() as SortDirection };
}

/** A `sort` query parameter: "key,ASC|DESC" over the given keys, with a default. */
export function sortParam<K extends string>(keys: readonly K[], fallback: string) {
  return v.optional(
    v.pipe(
      v.string(),
      v.transform((raw) => parseSort(raw, keys)),
      v.check((s): s is Sort<K> => s !== undefined, `must be one of ${keys.join(', ')} with ,ASC or ,DESC`),
      v.transform((s) => s as Sort<K>),
    ),
    fallback,
  );
}

export const ProductParam = v.optional(
  v.picklist(['PORCHLIGHT', 'LEAD_GENIUS', 'COMBINED'], 'must be PORCHLIGHT, LEAD_GENIUS or COMBINED'),
);
export const BrokerageIdParams = v.object({ brokerageId: Id });

export interface BrokerageRow {
  id: number;
  name: string;
  productFamily: string;
  quarterlyCap: number;
}

/**
 * A brokerage the caller may read: a brokerage admin only their own (403 otherwise, before any
 * lookup, so ids cannot be probed), staff and CSR any that exists (404 otherwise).
 */
export async function readableBrokerage(c: AppContext, id: number): Promise<BrokerageRow> {
  assertBrokerage(c.get('auth').user, id);
  const b = await c
    .get('db')
    .selectFrom('brokerages')
    .select(['id', 'name', 'product_family', quarterlyCapSql(sql.ref('brokerages.id')).as('quarterly_cap')])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!b) throw notFound('No such brokerage');
  return { id: b.id, name: b.name, productFamily: b.product_family, quarterlyCap: Number(b.quarterly_cap) };
}

/** The brokerage of a `brokerageId` query parameter, defaulting to the caller's own. */
export async function brokerageFromQuery(c: AppContext, id: number | undefined): Promise<BrokerageRow> {
  const resolved = id ?? (await brokerageOf(c.get('db'), c.get('auth').user));
  if (resolved === null) throw badRequest('The query is not valid', { brokerageId: 'is required' });
  return readableBrokerage(c, resolved);
}
