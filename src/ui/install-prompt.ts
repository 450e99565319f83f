import { useSyncExternalStore } from 'react';

// The browser's install offer (beforeinstallprompt, Chromium) fires once, early, often before the
// screen that shows an Install button is loaded: it is captured here as soon as this module loads.

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // keep the offer for our own Install button
    deferred = e as InstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    emit();
  });
}

/** Whether the browser offers to install the app now. */
export const useCanInstall = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => deferred !== null,
    () => false,
  );

/** Shows the browser's install dialog; the offer is used up either way. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  emit();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

const nav = () => (typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { standalone?: boolean }));

/** iOS Safari has no install offer: it needs Share, then Add to Home Screen. */
export function needsIosInstructions(): boolean {
  const n = nav();
  if (!n) return false;
  const ios = /iPhone|iPad|iPod/.test(n.userAgent) || (n.userAgent.includes('Macintosh') && n.maxTouchPoints > 1);
  const standalone = n.standalone === true || window.matchMedia('(display-mode: standalone)').matches;
  return ios && !standalone;
}
