import type { SeedContext } from './core.ts';
import { insertMany, insertRows } from './insert.ts';
import { createRandom } from './random.ts';

// Staff administration: each lead supplier's ZIP coverage and the quarterly
// limits it delivers to Harbor Point Realty, which add up to Harbor Point's quarterly cap of 300
// (the figure the dashboard's Leads Limit widget showed before the cap moved to the suppliers).
// Maple & Main and Cedar Ridge have no supplier limits: No cap.

/** ZIP prefixes of the seeded markets: Portland ME (041), Madison WI (537), Boise ID (837). */
const PREFIXES = ['041', '537', '837'];

/** Supplier name -> Harbor Point quarterly cap (Realtor.com has none: it delivers no IRIS leads to it). */
const HARBOR_LIMITS: Record<string, number> = {
  'Facebook Ads': 100,
  'Google Ads': 100,
  'Homes.com': 60,
  'Zillow Flex': 40,
};

export async function seedSuppliersSms({ db, scale, ids }: SeedContext): Promise<void> {
  const rnd = createRandom(20261124);
  const suppliers = await db
    .selectFrom('lead_suppliers')
    .select(['id', 'name'])
    .where('id', 'in', ids.suppliers)
    .orderBy('id')
    .execute();
  const zips: { supplier_id: number; zip: string }[] = [];
  for (const s of suppliers) {
    const wanted = rnd.int(12, 40) * scale;
    const seen = new Set<string>();
    // 3 prefixes x 100 endings at scale 1; more scale draws from wider ranges (still 5 digits).
    const span = Math.min(99_999, 300 * scale);
    for (let tries = 0; seen.size < wanted && tries < wanted * 4; tries++) {
      const n = rnd.int(0, span - 1);
      const zip =
        scale === 1
          ? `${PREFIXES[n % 3]}${String(Math.floor(n / 3) % 100).padStart(2, '0')}`
          : String(n).padStart(5, '0');
      seen.add(zip);
    }
    for (const zip of [...seen].sort()) zips.push({ supplier_id: s.id, zip });
  }
  await insertRows(db, 'lead_supplier_zip_codes', zips);
  await insertMany(
    db,
    'lead_supplier_limits',
    suppliers
      .filter((s) => HARBOR_LIMITS[s.name] !== undefined)
      .map((s) => ({ supplier_id: s.id, brokerage_id: ids.harborPoint, quarterly_cap: HARBOR_LIMITS[s.name] ?? 0 })),
  );
}
