import { useCallback, useEffect, useState } from 'react';

import { STORAGE_PREFIX, useStore } from './persisted-store.ts';
import { profileStore } from './state.ts';

// Never lose work (DESIGN.md): what a user types into a form is kept in localStorage under
// porchlight:draft:<user id>:<form key> and restored when the form mounts again, after a reload
// or after signing in again when the session ended. Sign-out and expiry clear identity caches,
// not drafts; the user id in the key keeps one user's drafts from another. Forms shown before
// sign-in use the owner 'anonymous'.

/** A draft older than this is dropped: a form left for a week is no longer work in progress. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 3600_000;
/** Secrets are never written, whatever a form passes in. */
const SECRET_FIELD = /password|secret|token/i;

export type DraftValues = Record<string, string | number | boolean>;
interface Stored {
  savedAt: number;
  values: Record<string, unknown>;
}

export const draftKey = (owner: string | number, key: string) => `${STORAGE_PREFIX}draft:${owner}:${key}`;

/** The stored draft merged over `initial` (only known fields of the same type), or `initial`. */
export function readDraft<T extends DraftValues>(storageKey: string, initial: T, now = Date.now()): T {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey);
    if (!raw) return initial;
    const stored = JSON.parse(raw) as Stored;
    if (typeof stored.savedAt !== 'number' || now - stored.savedAt > DRAFT_MAX_AGE_MS) {
      localStorage.removeItem(storageKey);
      return initial;
    }
    const restored: DraftValues = { ...initial };
    for (const [field, value] of Object.entries(stored.values ?? {})) {
      if (field in initial && typeof value === typeof initial[field] && !SECRET_FIELD.test(field))
        restored[field] = value as string;
    }
    return restored as T;
  } catch {
    return initial;
  }
}

/** Stores the non-secret fields; a form back at its initial values has no draft. */
export function writeDraft(storageKey: string, values: DraftValues, initial: DraftValues, now = Date.now()): void {
  const kept = Object.fromEntries(Object.entries(values).filter(([field]) => !SECRET_FIELD.test(field)));
  const pristine = Object.entries(kept).every(([field, value]) => initial[field] === value);
  try {
    if (pristine) localStorage.removeItem(storageKey);
    else localStorage.setItem(storageKey, JSON.stringify({ savedAt: now, values: kept } satisfies Stored));
  } catch {
    // Private mode or a full quota: the form still works, only without the safety net.
  }
}

export interface DraftOptions {
  /** 'anonymous' for forms shown before sign-in; default: the signed-in user's id. */ owner?: string;
}

/**
 * A form's typed values, persisted on change and restored on mount. `clear()` after a
 * successful submit. Returns [values, update(patch), clear].
 */
export function useDraft<T extends DraftValues>(
  key: string,
  initial: T,
  options: DraftOptions = {},
): [T, (patch: Partial<T>) => void, () => void] {
  const userId = useStore(profileStore, (p) => p.user?.id);
  const storageKey = draftKey(options.owner ?? userId ?? 'anonymous', key);
  const [blank] = useState(initial); // the first render's initial values stay the form's blank state
  const [state, setState] = useState(() => ({ storageKey, values: readDraft(storageKey, blank) }));
  let current = state;
  if (state.storageKey !== storageKey) {
    // Another owner (sign-out, a different user): show that owner's draft, never the previous one's.
    current = { storageKey, values: readDraft(storageKey, blank) };
    setState(current);
  }

  useEffect(() => {
    writeDraft(current.storageKey, current.values, blank);
  }, [current, blank]);

  const update = useCallback((patch: Partial<T>) => setState((s) => ({ ...s, values: { ...s.values, ...patch } })), []);
  const clear = useCallback(() => {
    setState((s) => ({ ...s, values: blank }));
    localStorage.removeItem(storageKey);
  }, [storageKey, blank]);
  return [current.values, update, clear];
}
