import { describe, expect, it } from 'vitest';

import { recordId, recordIds } from '../../src/lib/record-params.ts';

describe('a record id read from the address', () => {
  it.each([
    ['12', 12],
    ['1', 1],
    ['999999999999999', 999999999999999],
    [undefined, undefined],
    ['', undefined],
    ['0', undefined],
    ['-3', undefined],
    ['1.5', undefined],
    ['abc', undefined],
    ['12abc', undefined],
    [' 12', undefined],
    ['012', undefined],
    ['1e3', undefined],
    ['9999999999999999', undefined],
  ])('%j reads as %j', (value, id) => {
    expect(recordId(value)).toBe(id);
  });

  it('reads every id a route names, or none when one is malformed', () => {
    expect(recordIds({ id: '4', referralId: '9' }, 'id', 'referralId')).toEqual({ id: 4, referralId: 9 });
    expect(recordIds({ id: '4', referralId: 'x' }, 'id', 'referralId')).toBeUndefined();
    expect(recordIds({ id: '4' }, 'id', 'referralId')).toBeUndefined();
  });
});
