import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

import type { Db } from '../db/database.ts';

// A live stream's position as the client sees it (the `id:` lines, Last-Event-ID): the event's id
// encrypted, never the id itself. Event ids count every tenant's events, so a plain id let any user
// sample the whole platform's activity (the first id of a stream, the gap between two of theirs).
// One AES block (8 zero bytes and the id) under a key kept in the database: opaque, the same for every
// process (a stream resumes on any), and a cursor nobody was given fails its zero check.

export interface CursorCodec {
  encode(eventId: number): string;
  /** The event id of a cursor this server issued, or undefined for anything else. */
  decode(cursor: string): number | undefined;
}

/** The shape of a cursor: 16 bytes, base64url. */
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const codecs = new WeakMap<Db, CursorCodec>();

export async function cursorCodec(db: Db): Promise<CursorCodec> {
  const known = codecs.get(db);
  if (known) return known;
  const read = () => db.selectFrom('event_cursor_key').select('key').where('id', '=', 1).executeTakeFirst();
  let row = await read();
  if (!row) {
    // Two processes may generate at once: the first insert wins and both read the winner.
    await db
      .insertInto('event_cursor_key')
      .values({ id: 1, key: randomBytes(16).toString('base64url') })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    row = await read();
    if (!row) throw new Error('the event cursor key was not stored');
  }
  const key = Buffer.from(row.key, 'base64url');
  const codec: CursorCodec = {
    encode(eventId) {
      const block = Buffer.alloc(16);
      block.writeBigUInt64BE(BigInt(eventId), 8);
      const cipher = createCipheriv('aes-128-ecb', key, null).setAutoPadding(false);
      return Buffer.concat([cipher.update(block), cipher.final()]).toString('base64url');
    },
    decode(cursor) {
      if (!CURSOR_PATTERN.test(cursor)) return undefined;
      const decipher = createDecipheriv('aes-128-ecb', key, null).setAutoPadding(false);
      const block = Buffer.concat([decipher.update(Buffer.from(cursor, 'base64url')), decipher.final()]);
      if (block.readBigUInt64BE(0) !== 0n) return undefined;
      const id = block.readBigUInt64BE(8);
      return id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : undefined;
    },
  };
  codecs.set(db, codec);
  return codec;
}
