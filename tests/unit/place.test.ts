import { describe, expect, it } from 'vitest';

import { placeText, UNKNOWN_ZIP } from '../../src/lib/place.ts';

describe('placeText', () => {
  it.each([
    [{ city: 'Portland', state: 'ME', market: 'Portland Metro' }, 'Portland, ME · Portland Metro market'],
    [{ city: 'Lewiston', state: 'ME', market: null }, 'Lewiston, ME · no market'],
    [null, UNKNOWN_ZIP],
    [undefined, 'Unknown ZIP'],
  ])('reads %o as %s', (place, text) => {
    expect(placeText(place)).toBe(text);
  });
});
