// The session's tokens, also written to IndexedDB with strict durability (decision 0096). Chrome
// commits localStorage to disk lazily, so a browser killed within a second of a refresh came back
// with the refresh token before it, which the server had already rotated away: every kill cost a
// sign-in. A token is used only once this copy is on disk; at start the newer of the two copies wins.

const DB = 'porchlight-session';
const STORE = 'session';
const KEY = 'current';

/** A copy and when it was written (ms): the newer copy of the two stores is the session. */
export interface DurableCopy<S = unknown> {
  session: S | null;
  savedAt: number;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(STORE);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'));
  });
}

let db: Promise<IDBDatabase> | undefined;
const database = () =>
  (db ??= open().catch((err: unknown) => {
    db = undefined;
    throw err;
  }));

/** Writes the copy and resolves once IndexedDB says it is on disk ("strict": flushed before complete). */
export async function writeDurable<S>(copy: DurableCopy<S>): Promise<void> {
  try {
    const d = await database();
    await new Promise<void>((resolve, reject) => {
      const tx = d.transaction(STORE, 'readwrite', { durability: 'strict' });
      tx.objectStore(STORE).put(copy, KEY);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
    });
  } catch {
    // No IndexedDB (an old private window): localStorage alone keeps the session, as before.
  }
}

export async function readDurable<S>(): Promise<DurableCopy<S> | undefined> {
  try {
    const d = await database();
    return await new Promise<DurableCopy<S> | undefined>((resolve, reject) => {
      const req = d.transaction(STORE, 'readonly').objectStore(STORE).get(KEY);
      req.onsuccess = () => resolve(req.result as DurableCopy<S> | undefined);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB read failed'));
    });
  } catch {
    return undefined;
  }
}
