// How a ZIP's place reads wherever ZIPs are entered or listed: city, state and market.

export interface Place {
  city: string;
  state: string;
  market: string | null;
}

/** What a ZIP the geography table does not know shows. */
export const UNKNOWN_ZIP = 'Unknown ZIP';

/** "Portland, ME · Portland Metro market"; a ZIP outside every market: "Lewiston, ME · no market"; unknown: "Unknown ZIP". */
export function placeText(place: Place | null | undefined): string {
  if (!place) return UNKNOWN_ZIP;
  return `${place.city}, ${place.state} · ${place.market ? `${place.market} market` : 'no market'}`;
}
