import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { formatBytes } from '../lib/format.ts';
import { storageUse, type StorageUse } from '../session/saved-data.ts';
import { Button } from '../ui/button.tsx';
import * as styles from './list-freshness.css.ts';

/**
 * Saved on this device (issue 37): the space the console's saved data uses, whether the browser keeps
 * it under storage pressure, and "Clear saved data", which forgets every kept answer (the screens
 * open fetch theirs again) but never a change waiting to sync.
 */
export function SavedData() {
  const client = useQueryClient();
  const [use, setUse] = useState<StorageUse | null | undefined>(undefined);
  const [cleared, setCleared] = useState(false);
  const measure = useCallback(() => { void storageUse().then(setUse, () => setUse(null)); }, []);
  useEffect(measure, [measure]);
  const clear = async () => {
    // resetQueries: every answer back to "not fetched" (so none is persisted) and the mounted ones
    // fetched again; the mutation cache, where queued writes wait, is left alone.
    await client.resetQueries();
    setCleared(true);
    measure();
  };
  return (
    <section aria-labelledby="saved-data-title">
      <h2 id="saved-data-title" className={styles.title}>Saved on this device</h2>
      <p className={styles.updated}>
        {use === undefined ? 'Measuring…' : use === null ? 'This browser does not say how much space is used.'
          : `${formatBytes(use.usage)} used${use.persisted ? ', kept by the browser when space runs low' : ''}.`}
      </p>
      <Button variant="secondary" onClick={() => { void clear(); }}>Clear saved data</Button>
      {cleared && <p role="status" className={styles.updated}>Saved data cleared. Changes waiting to sync are kept.</p>}
    </section>
  );
}
