import { describe, expect, it } from 'vitest';

import { maskRecipient } from '../../src/lib/mask.ts';

describe('maskRecipient', () => {
  it.each([
    ['lender@demo.test', 'l•••@demo.test'],
    ['a@b.example', 'a•••@b.example'],
    ['+15550100001', '•••-•••-0001'],
    ['(555) 010-0042', '•••-•••-0042'],
    ['+1555', '•••-•••-1555'],
    ['12', '•••'],
  ])('masks %s as %s', (raw, masked) => {
    expect(maskRecipient(raw)).toBe(masked);
  });
});
