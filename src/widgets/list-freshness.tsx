import type { ReactNode } from 'react';

import { ApiError } from '../api/client.ts';
import { formatTime12 } from '../lib/format.ts';
import { useCopyEvicted } from '../session/saved-data.ts';
import * as styles from './list-freshness.css.ts';
import { OFFLINE_NOTICE, useOnline } from './status-line.tsx';

// Lists after one visit: a list reopened offline (a reload included) shows the copy the
// persisted query cache kept, says so, and says when it was fetched; writes that cannot wait for the
// connection are disabled with the reason beside them.

/** Why a control is disabled offline: what it does needs the server now. */
export const NEEDS_CONNECTION = 'You are offline: this needs a connection.';

/** The browser threw the saved copy away: the list is fetched again rather than failing. */
export const COPY_EVICTED = 'The browser removed the data saved on this device to free space; it is fetched again.';

const unreachable = (err: unknown) => err instanceof ApiError && err.network;

/**
 * A list's own error line: the server's words, or none when the server could not be reached (the
 * freshness line already says the page is offline: one banner, not two).
 */
export const listFailure = (err: unknown): string | null =>
  err === null || err === undefined || unreachable(err)
    ? null
    : (err instanceof Error && err.message) || 'Whoops, Something went wrong. Try again.';

/** "Last updated 3:05 PM" of a list's answer, and the offline notice when the server cannot be reached. */
export function ListFreshness({ updatedAt, failure }: { updatedAt: number; failure?: unknown }) {
  const online = useOnline();
  const offline = !online || unreachable(failure);
  const evicted = useCopyEvicted();
  // Before the first answer the line keeps its room (unseen, unread), so the list does not jump down
  // when "Last updated" arrives (a layout shift Lighthouse measured on My Referrals).
  if (updatedAt === 0 && !offline && !evicted)
    return (
      <p className={styles.line} aria-hidden="true">
        <span className={styles.updated}>{'\u00a0'}</span>
      </p>
    );
  return (
    <p className={styles.line}>
      {offline && (
        <span className={styles.offline} role="status">
          {OFFLINE_NOTICE}
        </span>
      )}
      {evicted && (
        <span className={styles.offline} role="status">
          {COPY_EVICTED}
        </span>
      )}
      {updatedAt > 0 && <span className={styles.updated}>Last updated {formatTime12(new Date(updatedAt))}</span>}
    </p>
  );
}

/**
 * Controls that write at once (invite, export, reassign ...): disabled while offline, with the reason
 * shown beside them (a disabled fieldset disables every button and field inside it, links stay live).
 */
export function NeedsConnection({ children }: { children: ReactNode }) {
  const online = useOnline();
  return (
    <>
      <fieldset disabled={!online} className={styles.group}>
        {children}
      </fieldset>
      {!online && <span className={styles.reason}>{NEEDS_CONNECTION}</span>}
    </>
  );
}
