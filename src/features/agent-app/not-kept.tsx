import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { ApiError } from '../../api/client.ts';
import { personName } from '../../lib/format.ts';
import { stageLabel } from '../../lib/referral-stages.ts';
import * as styles from './agent-app.css.ts';
import { cachedRow } from './day-sync.ts';

/** Every offline wait ends in content or a message within this. */
export const OFFLINE_WAIT_MS = 2_000;

export const isNetworkError = (err: unknown): boolean => err instanceof ApiError && err.network;

/** True once `ms` have passed while `waiting` held (false again when it stops holding). */
export function useWaited(ms: number, waiting: boolean): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!waiting) return undefined;
    const t = setTimeout(() => setWaited(true), ms);
    return () => {
      clearTimeout(t);
      setWaited(false);
    };
  }, [ms, waiting]);
  return waiting && waited;
}

/**
 * A follow-up this device did not keep, opened without a (usable) connection: one sentence saying
 * so, under what the follow-ups list already knows of it (its name and stage), in place of a spinner.
 */
export function NotKept({ agentId, refId, offline }: { agentId: number; refId: number; offline: boolean }) {
  const row = cachedRow(useQueryClient(), agentId, refId);
  return (
    <section className={styles.section} aria-labelledby="referral-name">
      {row && (
        <>
          <h2 id="referral-name" className={styles.heading}>
            {personName(row.prospect.name.first, row.prospect.name.last, 'Not Available')}
          </h2>
          <p className={styles.muted}>{stageLabel(row.stage)}</p>
        </>
      )}
      <p role="status">
        {offline
          ? 'This follow-up is not saved on this device, so it cannot be opened until you are back online.'
          : 'This follow-up is not saved on this device and the connection is slow: it will show here as soon as it arrives.'}
      </p>
    </section>
  );
}
