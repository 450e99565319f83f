import { describe, expect, it } from 'vitest';
import { flexValueError, flexValueText, type FlexType } from '../../src/lib/flex-attributes.ts';

const CASES: [FlexType, string, boolean][] = [
  ['TEXT', 'Spanish, English', true], ['TEXT', '   ', false], ['TEXT', 'x'.repeat(501), false],
  ['NUMBER', '42', true], ['NUMBER', '-3.5', true], ['NUMBER', '4e2', false], ['NUMBER', 'twelve', false],
  ['BOOLEAN', 'true', true], ['BOOLEAN', 'false', true], ['BOOLEAN', 'yes', false],
  ['DATE', '2026-02-28', true], ['DATE', '2026-02-30', false], ['DATE', '28/02/2026', false],
  ['SELECT', 'Support', true], ['SELECT', 'support', false], ['SELECT', 'Finance', false],
];

describe('flex attribute values', () => {
  it.each(CASES)('a %s value %j is accepted: %s', (type, value, ok) => {
    expect(flexValueError(type, value, ['Sales', 'Support']) === null).toBe(ok);
  });
  it('reads booleans as Yes and No and everything else as stored', () => {
    expect(flexValueText('BOOLEAN', 'true')).toBe('Yes');
    expect(flexValueText('BOOLEAN', 'false')).toBe('No');
    expect(flexValueText('DATE', '2026-01-02')).toBe('2026-01-02');
  });
});
