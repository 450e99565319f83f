import webpush from 'web-push';

import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

// A stored pair never changes (the one row is inserted once, never updated), so a process may keep it.
const stored = new WeakMap<Db, VapidKeys>();

/**
 * The application server's VAPID keys (RFC 8292): from the environment when set; in demo mode
 * generated on first use and kept in the database, so every process and every restart signs with
 * the pair the browsers subscribed with; outside demo mode without keys, none (push is off).
 */
export async function vapidKeys(db: Db, config: Config): Promise<VapidKeys | undefined> {
  if (config.vapid) return { ...config.vapid, subject: config.vapidSubject };
  if (!config.demoMode) return undefined;
  const known = stored.get(db);
  if (known) return known;
  const read = () =>
    db.selectFrom('push_vapid_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
  let row = await read();
  if (!row) {
    const fresh = webpush.generateVAPIDKeys();
    // Two processes may generate at once: the first insert wins and both read the winner.
    await db
      .insertInto('push_vapid_keys')
      .values({ id: 1, public_key: fresh.publicKey, private_key: fresh.privateKey })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    row = await read();
    if (!row) throw new Error('the VAPID key pair was not stored');
  }
  const keys = { publicKey: row.public_key, privateKey: row.private_key, subject: config.vapidSubject };
  stored.set(db, keys);
  return keys;
}
