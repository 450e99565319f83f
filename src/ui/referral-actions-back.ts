import { useEffect, useRef } from 'react';

// The phone's Back button closes a referral action's dialog instead of leaving the page (issue 34):
// opening pushes a history entry at the same address, Back pops it and closes; closing any other way
// takes the entry back off, so the history is as it was. The router sees the same path throughout.

const MARK = 'porchlightDialog';
let opened = 0;

/** While `open`, Back calls `close`; `close` should set open to false. */
export function useBackCloses(open: boolean, close: () => void): void {
  const latest = useRef(close);
  useEffect(() => { latest.current = close; });
  useEffect(() => {
    if (!open) return;
    const id = ++opened;
    window.history.pushState({ ...(window.history.state as object | null), [MARK]: id }, '', window.location.href);
    let popped = false;
    const onPop = () => { popped = true; latest.current(); };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      // Closed by a button or Escape: our entry is still on top (unless a link inside moved on).
      if (!popped && (window.history.state as Record<string, unknown> | null)?.[MARK] === id) window.history.back();
    };
  }, [open]);
}
