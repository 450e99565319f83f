import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  daysText,
  formatCents,
  formatCount,
  formatDate,
  formatDateTime,
  formatDollars,
  formatFraction,
  formatPercent,
  formatPriceShort,
  formatResponseTime,
  formatTime12,
  formatUsd,
  parseDollarsToCents,
  prettify,
  rateText,
  responseTimes,
} from '../../src/lib/format.ts';

describe('money', () => {
  it.each([
    ['250,000', 25_000_000],
    ['$250,000.50', 25_000_050],
    [' 1 234.5 ', 123_450],
    ['0', 0],
    ['12.345', undefined],
    ['-5', undefined],
    ['abc', undefined],
    ['', undefined],
  ])('parseDollarsToCents(%j) is %s', (text, cents) => {
    expect(parseDollarsToCents(text)).toBe(cents);
  });
  it.each([
    [0, '$0'],
    [null, '$0'],
    [1234.5, '$1,235'],
    [1234567, '$1,234,567'],
    [-50, '-$50'],
  ])('formatUsd(%s) is %s with no decimals', (n, text) => {
    expect(formatUsd(n)).toBe(text);
  });

  it.each([
    [0, '$0'],
    [950, '$950'],
    [1500, '$1.5K'],
    [950000, '$950K'],
    [999_999, '$1M'],
    [1_000_000, '$1M'],
    [1_250_000, '$1.25M'],
    [20_000_000, '$20M'],
    [12_345_678, '$12.35M'],
    [null, '$0'],
  ])('formatPriceShort(%s) is %s', (n, text) => {
    expect(formatPriceShort(n)).toBe(text);
  });
});

describe('percentages', () => {
  it.each([
    [12.345, 2, '12.35%'],
    [0, 2, '0.00%'],
    [null, 2, '0.00%'],
    [33.333, 1, '33.3%'],
    [100, 1, '100.0%'],
  ])('formatPercent(%s, %s decimals) is %s', (n, decimals, text) => {
    expect(formatPercent(n, decimals)).toBe(text);
  });
  it.each([
    [0.875, '87.50%'],
    [1, '100.00%'],
    [null, '-'],
  ])('the fraction %s reads %s', (n, text) => {
    expect(formatFraction(n)).toBe(text);
  });
  it.each([
    [12.5, '12.5%'],
    [0, '0%'],
    [100, '100%'],
  ])('a server rate %s gets %% appended: %s', (n, text) => {
    expect(rateText(n)).toBe(text);
  });
});

describe('times', () => {
  it.each([
    [new Date(2025, 2, 4, 15, 5), '3:05 PM'],
    [new Date(2025, 2, 4, 0, 0), '12:00 AM'],
    [new Date(2025, 2, 4, 12, 30), '12:30 PM'],
    [new Date(2025, 2, 4, 9, 7), '9:07 AM'],
  ])('%s is %s in 12-hour time', (d, text) => {
    expect(formatTime12(d)).toBe(text);
  });

  it('formats a date and time, or a dash when missing', () => {
    expect(formatDateTime(new Date(2025, 0, 9, 18, 45))).toBe('Jan 9, 2025 6:45 PM');
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });

  it('writes every date as date-fns format does with its en-US locale (the console formats without it)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1900, 0, 1), max: new Date(2200, 11, 31), noInvalidDate: true }), (d) => {
        expect(formatTime12(d)).toBe(format(d, 'h:mm a'));
        expect(formatDate(d)).toBe(format(d, 'MMM d, yyyy'));
        expect(formatDateTime(d)).toBe(format(d, 'MMM d, yyyy h:mm a'));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    [0, '0m'],
    [59, '0m'],
    [45 * 60, '45m'],
    [3600, '1h'],
    [2 * 3600 + 5 * 60, '2h 5m'],
    [86_400, '1d'],
    [3 * 86_400 + 4 * 3600 + 59 * 60, '3d 4h'],
    [null, '*'],
  ])('a response time of %s seconds reads %s', (s, text) => {
    expect(formatResponseTime(s)).toBe(text);
  });

  it.each([
    [2700, 7500, '45m / 2h 5m'],
    [null, 7500, '* / 2h 5m'],
    [2700, null, '45m / *'],
    [null, null, 'No invitations in the last 30 days.'],
  ])('last7 %s and last30 %s read %s', (a, b, text) => {
    expect(responseTimes(a, b)).toBe(text);
  });
});

describe('words', () => {
  it.each([
    [1, '1 day'],
    [2, '2 days'],
    [0, '0 days'],
  ])('%s overdue reads %s', (n, text) => {
    expect(daysText(n)).toBe(text);
  });
  it.each([
    ['FIRST_TIME_BUYER', 'First Time Buyer'],
    ['buyer', 'Buyer'],
    [null, '-'],
    ['', '-'],
  ])('prettify(%s) is %s', (value, text) => {
    expect(prettify(value)).toBe(text);
  });
});

// groupDigits and the money formats write what Intl.NumberFormat('en-US') writes, without Intl
// (whose first use costs the overview's cold start 35-60 ms of ICU set-up).
describe('digit grouping without Intl', () => {
  const COUNT = new Intl.NumberFormat('en-US');
  const USD = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  });
  // -0 and amounts that round to zero: Intl writes "-0" and "-$0"; we write no sign.
  const notNegativeZero = (s: string) => s.replace(/^-(\$?0)$/, '$1');

  it('groups integers and decimals as Intl does', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1e15, max: 1e15 }), fc.double({ min: -1e12, max: 1e12, noNaN: true })),
        (n) => {
          expect(formatCount(n)).toBe(notNegativeZero(COUNT.format(n)));
        },
      ),
      { numRuns: 2000 },
    );
    for (const n of [
      0,
      7,
      999,
      1000,
      12345.6789,
      0.0004,
      0.0005,
      1234.0005,
      -1234.5,
      -696494342793.3135,
      1e-7,
      Number.NaN,
      Infinity,
      -Infinity,
    ]) {
      expect(formatCount(n)).toBe(notNegativeZero(COUNT.format(n)));
    }
    expect(formatCount(null)).toBe('0');
  });

  it('writes whole dollars as Intl does', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (n) => {
        expect(formatDollars(n)).toBe(notNegativeZero(USD.format(n)));
        expect(formatCents(n)).toBe(notNegativeZero(USD.format(n / 100)));
        expect(formatUsd(n)).toBe(notNegativeZero(USD.format(Math.round(n))));
      }),
      { numRuns: 2000 },
    );
    for (const n of [0.5, 1.5, 2.5, -0.5, -2.5, 1234567.5])
      expect(formatDollars(n)).toBe(notNegativeZero(USD.format(n)));
  });
});
