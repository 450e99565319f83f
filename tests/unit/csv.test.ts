import { describe, expect, it } from 'vitest';

import { csvCell, csvRow, csvStream, type CsvValue } from '../../server/http/csv.ts';

describe('csvCell', () => {
  it.each<[CsvValue, string]>([
    [null, ''],
    [undefined, ''],
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+cmd|calc', "'+cmd|calc"],
    ['-2+3', "'-2+3"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\tTAB', "'\tTAB"],
    ['=1,2', '"\'=1,2"'],
    ['+15551234567', '+15551234567'],
    ['-12.5', '-12.5'],
    [42, '42'],
    [-7, '-7'],
    [true, 'true'],
    [new Date('2025-01-02T03:04:05.000Z'), '2025-01-02T03:04:05.000Z'],
    ['Zoë, café', '"Zoë, café"'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('ends a row with CRLF', () => {
    expect(csvRow(['a', null, 'b,c'])).toBe('a,,"b,c"\r\n');
  });
});

describe('csvStream', () => {
  it('pages by keyset after the last row of each batch until a short batch, then reports the count', async () => {
    const data = Array.from({ length: 2500 }, (_, i) => ({ id: i + 1 }));
    const cursors: (number | undefined)[] = [];
    let done = -1;
    const stream = csvStream({
      header: ['Id'],
      batch: async (after, size) => {
        cursors.push(after);
        return data.filter((r) => r.id > (after ?? 0)).slice(0, size);
      },
      cursor: (r) => r.id,
      cells: (r) => [r.id],
      onDone: async (n) => {
        done = n;
      },
    });
    const text = await new Response(stream).text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toHaveLength(2501);
    expect(lines[0]).toBe('Id');
    expect(lines[2500]).toBe('2500');
    expect(cursors).toEqual([undefined, 1000, 2000]);
    expect(done).toBe(2500);
  });

  it('ends on an empty batch when the rows are a whole number of batches', async () => {
    let calls = 0;
    let done = -1;
    const stream = csvStream({
      header: ['Id'],
      batch: async (after, size) => {
        calls++;
        return after === undefined ? Array.from({ length: size }, (_, i) => ({ id: i })) : [];
      },
      cursor: (r) => r.id,
      cells: (r) => [r.id],
      onDone: async (n) => {
        done = n;
      },
    });
    await new Response(stream).text();
    expect(calls).toBe(2);
    expect(done).toBe(1000);
  });
});
