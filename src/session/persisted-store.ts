import { useSyncExternalStore } from 'react';

/** Every key the console writes to localStorage starts with this prefix. */
export const STORAGE_PREFIX = 'porchlight:';

/**
 * A small external store persisted to localStorage under `porchlight:<key>`, kept in step
 * across tabs through the storage event.
 */
export function createPersistedStore<T>(key: string, initial: T) {
  const storageKey = STORAGE_PREFIX + key;
  const listeners = new Set<() => void>();
  const read = (): T => {
    try {
      const raw = globalThis.localStorage?.getItem(storageKey);
      return raw === null || raw === undefined ? initial : (JSON.parse(raw) as T);
    } catch {
      return initial;
    }
  };
  let state = read();
  const emit = () => listeners.forEach((l) => l());

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key !== storageKey && e.key !== null) return;
      state = read();
      emit();
    });
  }

  return {
    get: () => state,
    set(next: T | ((prev: T) => T)) {
      state = typeof next === 'function' ? (next as (prev: T) => T)(state) : next;
      try {
        if (state === initial) globalThis.localStorage?.removeItem(storageKey);
        else globalThis.localStorage?.setItem(storageKey, JSON.stringify(state));
      } catch {
        // Private mode or a full quota: the state still lives in memory for this tab.
      }
      emit();
    },
    reset() {
      this.set(initial);
    },
    /** Re-reads storage (tests clear localStorage between renders). */
    reload() {
      state = read();
      emit();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type PersistedStore<T> = ReturnType<typeof createPersistedStore<T>>;

export function useStore<T, S = T>(store: PersistedStore<T>, select: (state: T) => S = (s) => s as unknown as S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}
