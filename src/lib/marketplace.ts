// The marketplace's five items (spec 1 section 9), in the order the page shows them.
export const MARKETPLACE_LOCATION = 'marketplace';
export const MARKETPLACE_ITEMS = ['apination', 'rialto', 'broker-boost', 'iris', 'luxury-presence'] as const;
export type MarketplaceItem = (typeof MARKETPLACE_ITEMS)[number];

/** The chip's count: items not yet viewed, out of 5; undefined (no chip) once all are viewed. */
export function unviewedCount(viewed: readonly string[]): number | undefined {
  const seen = new Set(viewed);
  const left = MARKETPLACE_ITEMS.filter((i) => !seen.has(i)).length;
  return left > 0 ? left : undefined;
}
