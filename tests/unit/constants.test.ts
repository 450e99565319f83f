import { describe, expect, it } from 'vitest';

import { PRICE_RANGES, priceRangeLabel } from '../../src/lib/price-ranges.ts';
import { US_STATES_AND_TERRITORIES } from '../../src/lib/us-states.ts';

describe('the price ranges', () => {
  it('are 39 rising values from $100,000 to $20M', () => {
    expect(PRICE_RANGES).toHaveLength(39);
    expect(PRICE_RANGES[0]).toBe(100_000);
    expect(PRICE_RANGES.at(-1)).toBe(20_000_000);
    expect(PRICE_RANGES.every((v, i) => i === 0 || v > PRICE_RANGES[i - 1]!)).toBe(true);
  });

  it('read as dollars below a million and as millions above', () => {
    expect(priceRangeLabel(100_000)).toBe('$100,000');
    expect(priceRangeLabel(1_500_000)).toBe('$1.5M');
    expect(priceRangeLabel(20_000_000)).toBe('$20M');
  });
});

describe('the US states and territories', () => {
  it('are the 50 states, DC and the 5 inhabited territories, each code once', () => {
    expect(US_STATES_AND_TERRITORIES).toHaveLength(56);
    expect(US_STATES_AND_TERRITORIES.filter((s) => !s.territory)).toHaveLength(50);
    expect(new Set(US_STATES_AND_TERRITORIES.map((s) => s.code)).size).toBe(56);
    expect(US_STATES_AND_TERRITORIES[0]).toMatchObject({ code: 'AL', name: 'Alabama' });
    expect(US_STATES_AND_TERRITORIES.at(-1)).toMatchObject({ code: 'WY', name: 'Wyoming' });
  });
});
