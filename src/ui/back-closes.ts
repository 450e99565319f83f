import { useEffect, useRef } from 'react';

import { traversalArrived, traversalIssued, traversalLanded, traverseHistory } from '../lib/history-traversal.ts';

// Back closes the top dialog or sheet and keeps the page (Android's Back is how people close
// a sheet). Every open overlay level owns one history entry at the same address, marked in
// history.state; the router sees the same path throughout.
//
// - Opening pushes an entry; Back pops it, and the overlays above the entry now shown close, top first.
// - Closing any other way (its button, Escape, the overlay) takes the entry back off (history.go), so
//   the next Back leaves the page as it always did.
// - Registrations made in one commit are one level: a dialog that registers itself (Dialog, Sheet) and
//   whose caller also calls useBackCloses pushes one entry, not two. A dialog that closes while another
//   opens (Profile, then Update Password) hands its entry on instead of going back and pushing again.
// - History is touched once per task, after React's effects, and never while our own traversal is
//   under way (history.go is asynchronous: a push before it lands would be undone by it).
// - An entry left behind by a route change made from inside a dialog (a link in the menu sheet) is
//   skipped when Back reaches it, so Back never looks dead.

const MARK = 'porchlightOverlay';
/** Marks from another page load are stale: their overlays are gone. */
const DOC = Math.random().toString(36).slice(2);

interface Closer {
  close: () => void;
  mounted: boolean;
}
type Level = Set<Closer>;

const levels: Level[] = [];
/** The level opened in this commit, which later registrations of the same commit join. */
let batch: Level | undefined;
let scheduled = false;

interface Mark {
  doc: string;
  level: number;
}

function markOf(state: unknown): Mark | undefined {
  const mark = (state as Record<string, unknown> | null)?.[MARK] as Mark | undefined;
  return mark && typeof mark.level === 'number' ? mark : undefined;
}

/** How many of this page load's overlay entries the shown entry stands on (0: the page itself). */
function levelHere(): number {
  const mark = markOf(window.history.state);
  return mark?.doc === DOC ? mark.level : 0;
}

/** The entry shown is an overlay's whose overlay is no longer open. */
function staleHere(): boolean {
  const mark = markOf(window.history.state);
  return mark !== undefined && (mark.doc !== DOC || mark.level > levels.length);
}

/** The Navigation API (Chromium) says which way a traversal went; elsewhere a stale entry is left backwards. */
interface NavigationLike {
  currentEntry?: { index: number } | null;
  addEventListener?: (type: 'currententrychange', listener: (e: { from?: { index: number } }) => void) => void;
}
const navigation = typeof window === 'undefined' ? undefined : (window as { navigation?: NavigationLike }).navigation;
/** The index of the entry shown before the last change (currententrychange fires before popstate). */
let cameFrom: number | undefined;
navigation?.addEventListener?.('currententrychange', (e) => {
  cameFrom = e.from?.index;
});
const wentForward = () => {
  const index = navigation?.currentEntry?.index;
  return index !== undefined && cameFrom !== undefined && index > cameFrom;
};

/** Makes the history match the open levels: push what is missing, go back over what closed. */
function sync() {
  if (traversalIssued()) return; // our own history.go is on its way: a push now would be undone by it
  const here = levelHere();
  const wanted = levels.length;
  if (here > wanted) {
    traverseHistory(wanted - here, sync);
    return;
  }
  for (let level = here + 1; level <= wanted; level++) {
    window.history.pushState(
      { ...(window.history.state as object | null), [MARK]: { doc: DOC, level } },
      '',
      window.location.href,
    );
  }
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    batch = undefined;
    sync();
  });
}

function register(closer: Closer) {
  if (!batch) {
    batch = new Set();
    levels.push(batch);
  }
  batch.add(closer);
  schedule();
}

function unregister(closer: Closer) {
  closer.mounted = false;
  const index = levels.findIndex((level) => level.has(closer));
  if (index < 0) return; // Back already took its level
  const level = levels[index]!;
  level.delete(closer);
  if (level.size === 0) {
    levels.splice(index, 1);
    if (batch === level) batch = undefined;
  }
  schedule();
}

/** Back closed this overlay; one that refused (a reassignment under way) takes an entry again. */
function closeByBack(closer: Closer) {
  closer.close();
  setTimeout(() => {
    if (closer.mounted && !levels.some((level) => level.has(closer))) register(closer);
  }, 0);
}

function onPopState() {
  const ours = traversalArrived(); // our own traversal's popstate is not a Back press
  if (ours) queueMicrotask(traversalLanded);
  const forward = wentForward();
  if (!ours) {
    const here = levelHere();
    while (levels.length > here) {
      const level = levels.pop()!;
      if (batch === level) batch = undefined;
      for (const closer of level) closeByBack(closer);
    }
  }
  if (staleHere()) {
    traverseHistory(forward ? 1 : -1, sync);
    return;
  }
  sync();
}

if (typeof window !== 'undefined') window.addEventListener('popstate', onPopState);

/**
 * While `open`, the overlay has a history entry and Back calls `close` (which should set open to
 * false). Dialog and Sheet call it themselves; a caller's own call for the same overlay joins theirs.
 */
export function useBackCloses(open: boolean, close: () => void): void {
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const closer: Closer = { close: () => latest.current(), mounted: true };
    register(closer);
    return () => unregister(closer);
  }, [open]);
}
