import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { BytesBlob } from '../../server/db/bytes-blob.ts';
import { openDatabase } from '../../server/db/database.ts';
import { TEMPLATE_PATH } from '../setup/global-setup.ts';

// BytesBlob answers as Node's Blob over the same bytes does, method by method.
const bytes = new TextEncoder().encode('Porchlight: a dumped data folder, or any bytes at all. ✓');
const ours = () => new BytesBlob(bytes, { type: 'Application/X-Tar' });
const nodes = () => new Blob([bytes], { type: 'Application/X-Tar' });

const read = async (b: Blob) => ({
  size: b.size,
  type: b.type,
  arrayBuffer: [...new Uint8Array(await b.arrayBuffer())],
  bytes: [...(await b.bytes())],
  text: await b.text(),
  stream: [...new Uint8Array(await new Response(b.stream()).arrayBuffer())],
});

describe('BytesBlob', () => {
  it("reads as Node's Blob: size, type, arrayBuffer, bytes, text and stream", async () => {
    expect(ours()).toBeInstanceOf(Blob);
    expect(await read(ours())).toEqual(await read(nodes()));
    expect(await read(new BytesBlob(new Uint8Array(0)))).toEqual(await read(new Blob([])));
  });

  it("slices as Node's Blob, negative and out-of-range bounds and the content type included", async () => {
    const cases: [number?, number?, string?][] = [
      [],
      [3],
      [3, 10],
      [-8],
      [-8, -2],
      [10, 3],
      [-1000, 1000],
      [5, 5],
      [2, 20, 'text/plain'],
    ];
    for (const [start, end, type] of cases)
      expect(await read(ours().slice(start, end, type)), `slice(${start}, ${end}, ${type})`).toEqual(
        await read(nodes().slice(start, end, type)),
      );
  });

  it('hands each reader its own copy: writing to one read changes neither the bytes nor the next read', async () => {
    const blob = ours();
    const first = new Uint8Array(await blob.arrayBuffer());
    first.fill(0);
    (await blob.bytes()).fill(0);
    expect(await blob.text()).toBe(new TextDecoder().decode(bytes));
    expect(bytes[0]).toBe('P'.charCodeAt(0));
  });

  it('starts PGlite from the seeded test template, as the tests do', async () => {
    const { db, close } = await openDatabase({ loadDataDir: new BytesBlob(readFileSync(TEMPLATE_PATH)) });
    try {
      const { n } = await db.selectFrom('agents').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(n)).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});
