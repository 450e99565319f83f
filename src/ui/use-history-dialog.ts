import { useCallback, useEffect, useRef, useState } from 'react';

const STATE_KEY = 'porchlightDialog'; // marks the history entry a dialog pushed (the address stays the same)

/**
 * A dialog's open state kept as a history entry of its own: opening pushes one at the same address, so
 * the browser's or the phone's Back closes the dialog and keeps the page; closing it any other way
 * (Cancel, Escape, after a save) takes that entry off again, so the next Back leaves the page as usual.
 */
export function useHistoryDialog(name: string): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  const pushed = useRef(false);
  useEffect(() => {
    if (!open) return undefined;
    const onPop = () => { pushed.current = false; setOpen(false); };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [open]);
  const change = useCallback((next: boolean) => {
    if (next) {
      if (!pushed.current) {
        const state: unknown = window.history.state;
        window.history.pushState({ ...(typeof state === 'object' && state !== null ? state : {}), [STATE_KEY]: name }, '');
        pushed.current = true;
      }
      setOpen(true);
      return;
    }
    setOpen(false);
    if (pushed.current) {
      pushed.current = false;
      window.history.back();
    }
  }, [name]);
  return [open, change];
}
