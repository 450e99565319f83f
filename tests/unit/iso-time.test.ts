import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { IsoDate, isoMonth, IsoTime, isoTimeAsDate } from '../../src/contract/common.ts';
import { parseIsoDate, parseIsoMonth, parseIsoTime } from '../../src/lib/iso-time.ts';

// [text, the instant it names in UTC]
const VALID_TIMES: [string, string][] = [
  ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'], // leap day
  ['2000-02-29T23:59:59Z', '2000-02-29T23:59:59.000Z'], // a leap year by the 400 rule
  ['2026-11-23T05:00:00.000Z', '2026-11-23T05:00:00.000Z'],
  ['2026-11-23T05:00:00.5Z', '2026-11-23T05:00:00.500Z'],
  ['2026-11-23T05:00:00.123456Z', '2026-11-23T05:00:00.123Z'], // microseconds: kept to the millisecond
  ['2024-03-01T01:30:00+02:00', '2024-02-29T23:30:00.000Z'], // an offset east
  ['2024-12-31T22:00:00-05:00', '2025-01-01T03:00:00.000Z'], // an offset west, across the year
  ['2024-06-01T12:00:00+00:00', '2024-06-01T12:00:00.000Z'],
  ['1900-01-01T00:00:00Z', '1900-01-01T00:00:00.000Z'], // the first year accepted
  ['2200-12-31T23:59:59.999Z', '2200-12-31T23:59:59.999Z'], // the last
];

const INVALID_TIMES: [string, string][] = [
  ['2023-02-29T00:00:00Z', 'no leap day in 2023'],
  ['1900-02-29T00:00:00Z', 'no leap day in 1900 (a century)'],
  ['2024-02-31T00:00:00Z', '31 February'],
  ['2024-04-31T00:00:00Z', '31 April'],
  ['2024-13-01T00:00:00Z', 'month 13'],
  ['2024-00-10T00:00:00Z', 'month 0'],
  ['2024-01-00T00:00:00Z', 'day 0'],
  ['2024-01-01T24:00:00Z', 'hour 24'],
  ['2024-01-01T23:60:00Z', 'minute 60'],
  ['2024-01-01T23:59:60Z', 'a leap second'],
  ['2024-01-01T12:00:00+24:00', 'an offset of 24 hours'],
  ['2024-01-01T12:00:00+05:60', 'an offset minute 60'],
  ['0000-01-01T00:00:00Z', 'year 0000'],
  ['1899-12-31T23:59:59Z', 'before 1900'],
  ['2201-01-01T00:00:00Z', 'after 2200'],
  ['9999-12-31T23:59:59Z', 'year 9999'],
  ['+010000-01-01T00:00:00Z', 'a six-digit year'],
  ['2024-01-01', 'a day without a time'],
  ['2024-01-01T12:00Z', 'no seconds'],
  ['2024-01-01T12:00:00', 'no zone'],
  ['2024-01-01 12:00:00Z', 'a space for the T'],
  ['2024-01-01T12:00:00+0500', 'an offset without its colon'],
  ['2024-01-01T12:00:00.Z', 'an empty fraction'],
  ['2024-1-1T12:00:00Z', 'unpadded fields'],
  [' 2024-01-01T12:00:00Z', 'a leading space'],
  ['yesterday', 'words'],
  ['', 'nothing'],
];

describe('the one reader of ISO dates and times', () => {
  it.each(VALID_TIMES)('reads %s as the instant %s, as `new Date` does', (text, utc) => {
    expect(parseIsoTime(text)?.toISOString()).toBe(utc);
    expect(new Date(text).toISOString()).toBe(utc); // so a handler's `new Date(validated)` agrees
    expect(v.is(IsoTime, text)).toBe(true);
    expect(v.parse(isoTimeAsDate(), text)).toEqual(new Date(utc));
  });

  it.each(INVALID_TIMES)('refuses %j (%s)', (text) => {
    expect(parseIsoTime(text)).toBeNull();
    expect(v.is(IsoTime, text)).toBe(false);
  });

  it.each([
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['1900-01-01', true],
    ['2200-12-31', true],
    ['2026-12-31', true],
    ['2023-02-29', false],
    ['2100-02-29', false],
    ['2024-02-30', false],
    ['2024-06-31', false],
    ['2024-13-01', false],
    ['2024-00-01', false],
    ['2024-01-32', false],
    ['0000-01-01', false],
    ['1899-12-31', false],
    ['2201-01-01', false],
    ['2024-01-01T00:00:00Z', false],
    ['20240101', false],
    ['2024/01/01', false],
  ])('takes the calendar day %s: %s', (text, ok) => {
    expect(parseIsoDate(text)?.toISOString() ?? null).toBe(ok ? `${text}T00:00:00.000Z` : null);
    expect(v.is(IsoDate, text)).toBe(ok);
  });

  it.each([
    ['2024-02', true],
    ['1900-01', true],
    ['2200-12', true],
    ['2024-13', false],
    ['2024-00', false],
    ['0000-01', false],
    ['2201-01', false],
    ['2024-2', false],
    ['2024-02-01', false],
  ])('takes the month %s: %s', (text, ok) => {
    expect(parseIsoMonth(text)?.toISOString() ?? null).toBe(ok ? `${text}-01T00:00:00.000Z` : null);
    expect(v.is(isoMonth(), text)).toBe(ok);
  });

  it("holds every day of four years, and no day beyond a month's end", () => {
    const start = Date.UTC(2023, 0, 1);
    for (let t = start; t < Date.UTC(2027, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      expect(parseIsoDate(day)?.getTime()).toBe(t);
    }
    for (const [y, m, last] of [
      [2023, 2, 28],
      [2024, 2, 29],
      [2024, 4, 30],
      [2024, 12, 31],
    ] as const) {
      const mm = String(m).padStart(2, '0');
      expect(parseIsoDate(`${y}-${mm}-${last}`)).not.toBeNull();
      expect(parseIsoDate(`${y}-${mm}-${last + 1}`)).toBeNull();
    }
  });
});
