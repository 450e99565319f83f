import type { ZipCode } from '../../src/contract/agent-assignments.ts';
import type { Db } from '../db/database.ts';

// The ZIP geography: the zip_codes table (city, state, market) is the one source every ZIP field
// resolves against (GET /interviews-api/zipCodes/{zip}, /geography, address validation). The demo
// seed fills it for the demo markets; a real ZIP data set (USPS, or the Census ZCTA list with a
// ZIP-to-market mapping) is loaded through importZipCodes, the one plug-in place: read the data set
// into ZipImportRow[] and call it (new ZIPs are added, known ones updated). See
// docs/decisions/0020-geography-and-address-validation.md.

export interface ZipImportRow {
  zip: string;
  city: string;
  state: string;
  market?: string | null;
}

const IMPORT_BATCH = 500; // rows per insert statement: well under PostgreSQL's 65535 bind parameters

/** Adds or updates ZIPs (and their markets, created by name when new). Run it inside a transaction. */
export async function importZipCodes(db: Db, rows: readonly ZipImportRow[]): Promise<number> {
  const names = [...new Set(rows.map((r) => r.market).filter((m): m is string => !!m))];
  if (names.length > 0) {
    await db
      .insertInto('markets')
      .values(names.map((name) => ({ name })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  const markets =
    names.length === 0
      ? []
      : await db.selectFrom('markets').select(['id', 'name']).where('name', 'in', names).execute();
  const marketId = new Map(markets.map((m) => [m.name, m.id]));
  for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
    const values = rows.slice(i, i + IMPORT_BATCH).map((r) => ({
      zip: r.zip,
      city: r.city,
      state: r.state,
      market_id: r.market ? (marketId.get(r.market) ?? null) : null,
    }));
    await db
      .insertInto('zip_codes')
      .values(values)
      .onConflict((oc) =>
        oc.column('zip').doUpdateSet((eb) => ({
          city: eb.ref('excluded.city'),
          state: eb.ref('excluded.state'),
          market_id: eb.ref('excluded.market_id'),
        })),
      )
      .execute();
  }
  return rows.length;
}

/** The places of the given ZIPs (those the table knows), keyed by ZIP. */
export async function zipPlaces(db: Db, zips: readonly string[]): Promise<Map<string, ZipCode>> {
  if (zips.length === 0) return new Map();
  const rows = await zipQuery(db)
    .where('z.zip', 'in', [...new Set(zips)])
    .execute();
  return new Map(rows.map((r) => [r.zip, r]));
}

export const zipQuery = (db: Db) =>
  db
    .selectFrom('zip_codes as z')
    .leftJoin('markets as m', 'm.id', 'z.market_id')
    .select(['z.zip', 'z.city', 'z.state', 'm.name as market']);
