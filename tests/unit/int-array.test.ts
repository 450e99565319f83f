import { describe, expect, it } from 'vitest';

import { intArray } from '../../server/db/int-array.ts';

describe('intArray', () => {
  it('refuses anything but integers, as the literal is written from the values', () => {
    expect(() => intArray([1, 2.5])).toThrow('integers only');
    expect(() => intArray([1, Number.NaN])).toThrow('integers only');
    expect(() => intArray([1, -3, 0])).not.toThrow();
  });
});
