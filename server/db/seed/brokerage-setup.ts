import { sql } from 'kysely';

import { importZipCodes, type ZipImportRow } from '../../geography/zip-codes.ts';
import type { SeedContext } from './core.ts';

// Brokerage administration and geography:
// - every ZIP the demo seed uses resolves to a place: the assignments seed's table covers the three metros'
//   ZIPs 01-99 of 041, 537 and 837; the questionnaires (040-049, 530-539), the suppliers
//   (04100, 53700, 83700) and the rest get the place of their 3-digit USPS sectional centre, in one
//   of the six existing markets when the centre is inside it, else with no market (no new markets:
//   other tests count six). Loaded through importZipCodes, the plug-in place of a real ZIP data set.
// - the three demo brokerages get a street and ZIP (the full edit's address).

/** 3-digit ZIP prefix -> city, state and market of its sectional centre. */
const SECTIONAL_CENTRES: Record<string, [string, string, string | null]> = {
  '039': ['Kittery', 'ME', null],
  '040': ['Saco', 'ME', 'Southern Maine'],
  '041': ['Portland', 'ME', 'Portland Metro'],
  '042': ['Lewiston', 'ME', null],
  '043': ['Augusta', 'ME', null],
  '044': ['Bangor', 'ME', null],
  '045': ['Brunswick', 'ME', null],
  '046': ['Ellsworth', 'ME', null],
  '047': ['Houlton', 'ME', null],
  '048': ['Rockland', 'ME', null],
  '049': ['Waterville', 'ME', null],
  '530': ['Milwaukee', 'WI', null],
  '531': ['Milwaukee', 'WI', null],
  '532': ['Milwaukee', 'WI', null],
  '533': ['Milwaukee', 'WI', null],
  '534': ['Racine', 'WI', null],
  '535': ['Janesville', 'WI', 'Dane County'],
  '536': ['Madison', 'WI', 'Madison Metro'],
  '537': ['Madison', 'WI', 'Madison Metro'],
  '538': ['Madison', 'WI', 'Dane County'],
  '539': ['Portage', 'WI', null],
  '836': ['Caldwell', 'ID', 'Treasure Valley'],
  '837': ['Boise', 'ID', 'Boise Metro'],
};

const ADDRESSES: { brokerage: 'harborPoint' | 'mapleMain' | 'cedarRidge'; street: string; zip: string }[] = [
  { brokerage: 'harborPoint', street: '120 Commercial Street', zip: '04101' },
  { brokerage: 'mapleMain', street: '25 West Main Street', zip: '53703' },
  { brokerage: 'cedarRidge', street: '800 West Main Street', zip: '83702' },
];

export async function seedBrokerageSetup({ db, ids }: SeedContext): Promise<void> {
  const used = await sql<{ zip: string }>`
    select zip from lead_supplier_zip_codes union select zip from agent_coverage_areas where zip is not null
    union select zip from agent_excluded_areas union select zip from opportunities where zip is not null
    union select q.zip from agent_questionnaires a cross join lateral jsonb_array_elements_text(cast(a.zip_codes as jsonb)) as q(zip)
    union select zip from (values ${sql.join(ADDRESSES.map((a) => sql`(${a.zip})`))}) as b(zip)
    except select zip from zip_codes order by 1`.execute(db);
  const rows: ZipImportRow[] = used.rows.flatMap(({ zip }) => {
    const centre = SECTIONAL_CENTRES[zip.slice(0, 3)];
    return centre ? [{ zip, city: centre[0], state: centre[1], market: centre[2] }] : [];
  });
  await importZipCodes(db, rows);
  for (const a of ADDRESSES)
    await db
      .updateTable('brokerages')
      .set({ street: a.street, zip: a.zip })
      .where('id', '=', ids[a.brokerage])
      .execute();
}
