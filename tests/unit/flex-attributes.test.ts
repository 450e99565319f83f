import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { flexValueRule } from '../../src/contract/users.ts';
import { flexValueText, type FlexType } from '../../src/lib/flex-attributes.ts';

const CASES: [FlexType, string, boolean][] = [
  ['TEXT', 'Spanish, English', true],
  ['TEXT', '   ', false],
  ['TEXT', 'x'.repeat(501), false],
  ['NUMBER', '42', true],
  ['NUMBER', '-3.5', true],
  ['NUMBER', '4e2', false],
  ['NUMBER', 'twelve', false],
  ['BOOLEAN', 'true', true],
  ['BOOLEAN', 'false', true],
  ['BOOLEAN', 'yes', false],
  ['DATE', '2026-02-28', true],
  ['DATE', '2026-02-30', false],
  ['DATE', '28/02/2026', false],
  ['SELECT', 'Support', true],
  ['SELECT', 'support', false],
  ['SELECT', 'Finance', false],
];

describe('flex attribute values', () => {
  it.each(CASES)('a %s value %j is accepted: %s', (type, value, ok) => {
    expect(v.safeParse(flexValueRule(type, ['Sales', 'Support']), value).success).toBe(ok);
  });
  it('words each refusal as the form shows it, beside the field', () => {
    const message = (type: FlexType, value: string) =>
      v.safeParse(flexValueRule(type, ['Sales', 'Support']), value).issues?.[0].message;
    expect([
      message('TEXT', ' '),
      message('TEXT', 'x'.repeat(501)),
      message('NUMBER', 'twelve'),
      message('BOOLEAN', 'yes'),
      message('DATE', '28/02/2026'),
      message('DATE', '2026-02-30'),
      message('SELECT', 'Finance'),
    ]).toEqual([
      'Enter a value',
      'Use at most 500 characters',
      'Enter a number, such as 42 or 3.5',
      'Choose Yes or No',
      'Enter a date as YYYY-MM-DD',
      'Enter a real date',
      'Choose one of Sales, Support',
    ]);
  });
  it('reads booleans as Yes and No and everything else as stored', () => {
    expect(flexValueText('BOOLEAN', 'true')).toBe('Yes');
    expect(flexValueText('BOOLEAN', 'false')).toBe('No');
    expect(flexValueText('DATE', '2026-01-02')).toBe('2026-01-02');
  });
});
