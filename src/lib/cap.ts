// The new-leads-sent versus quarterly-cap bar (spec 2 section 9).

/** A quarterly cap of 0 or 99999 means the brokerage has no cap. */
export const NO_CAP_VALUES: readonly number[] = [0, 99999];
/** Without a cap the bar's scale is 5 times the sent count, so the bar fills a fifth. */
export const NO_CAP_SCALE_FACTOR = 5;

export interface CapView {
  noCap: boolean;
  /** "No cap" or the cap as a number. */
  capText: string;
  /** The bar's full length. */
  scaleMax: number;
  overCap: boolean;
  /** The sent bar's share of the scale, 0-1. */
  fill: number;
}

export const isNoCap = (cap: number): boolean => NO_CAP_VALUES.includes(cap);

export function capView(sent: number, cap: number): CapView {
  const noCap = isNoCap(cap);
  const overCap = !noCap && sent > cap;
  const scaleMax = noCap ? sent * NO_CAP_SCALE_FACTOR : overCap ? sent : cap;
  return {
    noCap,
    capText: noCap ? 'No cap' : String(cap),
    scaleMax,
    overCap,
    fill: scaleMax > 0 ? Math.min(1, sent / scaleMax) : 0,
  };
}
