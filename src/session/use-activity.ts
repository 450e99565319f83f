import { useEffect } from 'react';

import { activityStore } from './state.ts';

/** Activity is written at most this often: each write is a localStorage write seen by every tab. */
export const ACTIVITY_THROTTLE_MS = 5000;
const EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

let lastWrite = 0;

/** Records that the user did something now (throttled), for the 27-minute activity window. */
export function noteActivity(now = Date.now()): void {
  // Skip a write within the throttle window, unless something reset the store since ours.
  if (now - lastWrite < ACTIVITY_THROTTLE_MS && activityStore.get() >= lastWrite) return;
  lastWrite = now;
  activityStore.set(now);
}

/** Tracks pointer, key and wheel input, and the page becoming visible again, while mounted. */
export function useActivityTracking(): void {
  useEffect(() => {
    const onActivity = () => noteActivity();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') noteActivity();
    };
    for (const type of EVENTS) window.addEventListener(type, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      for (const type of EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}
