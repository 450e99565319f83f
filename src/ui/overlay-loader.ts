import { useEffect, useState } from 'react';

import { afterLoadIdle } from '../lib/next-task.ts';
import type * as Overlays from './dialog-impl.tsx';

// The dialog and sheet code (src/ui/dialog-impl.tsx) is not part of any page's first load: no page
// opens a dialog before the person asks for one. It is fetched on the first pointer or key press
// anywhere (before the click that opens a dialog has finished), when the browser is next idle after
// the page settles, or by the first dialog asked to open, whichever comes first. The service worker
// precaches it, so a dialog opened offline still opens.
type OverlayModule = typeof Overlays;

let loaded: OverlayModule | undefined;
let loading: Promise<OverlayModule> | undefined;

/** Starts loading the dialog code once; a failed load is tried again by the next caller. */
export function loadOverlays(): Promise<OverlayModule> {
  loading ??= import('./dialog-impl.tsx').then(
    (module) => {
      loaded = module;
      return module;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

const IDLE_AFTER_MS = 3_000;

if (typeof window !== 'undefined') {
  const early = () => {
    void loadOverlays().catch(() => undefined);
  };
  for (const type of ['pointerdown', 'keydown'] as const)
    window.addEventListener(type, early, { capture: true, once: true, passive: true });
  setTimeout(() => afterLoadIdle(early, IDLE_AFTER_MS), IDLE_AFTER_MS);
}

/**
 * The dialog code for an overlay that is `open`: undefined until it has been asked to open once and
 * the code is in. After that it stays rendered, so a closing overlay animates and returns focus.
 */
export function useOverlayModule(open: boolean): OverlayModule | undefined {
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (!open || module) return;
    let live = true;
    // A load that fails (offline before the service worker cached it) leaves the overlay closed;
    // asking again tries again.
    loadOverlays().then(
      (m) => {
        if (live) setModule(m);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [open, module]);
  return used ? (module ?? loaded) : undefined;
}
