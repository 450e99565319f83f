import { useSyncExternalStore } from 'react';

import { STORAGE_PREFIX } from './persisted-store.ts';

// Storage that lasts (decision 0080): whether the browser threw away this user's saved copy
// (the persisted query cache), asking it to keep the origin's storage, and how much is used.

const MARK = `${STORAGE_PREFIX}saved-copy:`;
let evicted = false;
const listeners = new Set<() => void>();

/**
 * The persister notes each copy it writes (a small mark in localStorage, which the browser does not
 * evict apart from IndexedDB under storage pressure) ...
 */
export function noteCopySaved(key: string): void {
  try {
    localStorage.setItem(MARK + key, '1');
  } catch {
    /* private mode: no mark, no notice */
  }
}

/** ... forgets it when the copy is removed on purpose (sign-out, identity change, Clear saved data) ... */
export function forgetCopies(key?: string): void {
  try {
    for (const k of Object.keys(localStorage))
      if (k === MARK + key || (key === undefined && k.startsWith(MARK))) localStorage.removeItem(k);
  } catch {
    /* nothing to forget */
  }
}

/** ... and when a restore finds no copy where the mark says one was written, the browser evicted it. */
export function noteRestored(key: string, found: boolean): void {
  let marked = false;
  try {
    marked = localStorage.getItem(MARK + key) !== null;
  } catch {
    /* no storage */
  }
  if (found || !marked) return;
  evicted = true;
  forgetCopies(key);
  listeners.forEach((l) => l());
}

/** Whether this page started without the saved copy the browser had been given (evicted). */
export const useCopyEvicted = (): boolean =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    () => evicted,
    () => false,
  );

/** Asks the browser to keep this origin's storage under pressure (once per page; its answer, or false). */
let asked: Promise<boolean> | null = null;
export function askPersistentStorage(): Promise<boolean> {
  asked ??= (globalThis.navigator?.storage?.persist?.() ?? Promise.resolve(false)).catch(() => false);
  return asked;
}

export interface StorageUse {
  usage: number;
  persisted: boolean;
}

/** The space this origin uses (navigator.storage.estimate) and whether it is kept under pressure. */
export async function storageUse(): Promise<StorageUse | null> {
  const storage = globalThis.navigator?.storage;
  if (!storage?.estimate) return null;
  const [estimate, persisted] = await Promise.all([
    storage.estimate(),
    storage.persisted?.() ?? Promise.resolve(false),
  ]);
  return { usage: estimate.usage ?? 0, persisted };
}
