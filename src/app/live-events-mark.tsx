import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';

import { useStore } from '../session/persisted-store.ts';
import { sessionStore } from '../session/state.ts';
import * as styles from './live-events-mark.css.ts';
import { liveEventsEnabled, liveMark, startLiveEvents } from './live-events.ts';

/** How long "Updated" stays after a change someone else made was shown. */
const SHOWN_MS = 4_000;

/**
 * The live console's stream for the signed-in identity, and its quiet "Updated" mark: a polite
 * status region (always in the page, so screen readers hear its text change) that says "Updated"
 * for a few seconds after open screens refetched because of someone else's change. Mounted inside
 * the per-identity query layer: a sign-out or an impersonation change unmounts it, closing the stream.
 */
export function LiveEvents({ client }: { client: QueryClient }) {
  const signedIn = useStore(sessionStore, (s) => s !== null);
  const live = signedIn && liveEventsEnabled();
  useEffect(() => (live ? startLiveEvents(client) : undefined), [client, live]);
  return live ? <UpdatedMark /> : null;
}

function UpdatedMark() {
  const at = useSyncExternalStore(liveMark.subscribe, liveMark.get);
  // The mark of the last change that has had its SHOWN_MS: a newer change shows it again.
  const [faded, setFaded] = useState(0);
  useEffect(() => {
    if (at === 0) return undefined;
    const timer = setTimeout(() => setFaded(at), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [at]);
  const shown = at !== 0 && faded !== at;
  return (
    <p role="status" aria-live="polite" className={styles.mark}>
      {shown ? 'Updated' : ''}
    </p>
  );
}
