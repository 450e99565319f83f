import { useCallback, useEffect, useState } from 'react';

import { useForgetAnswers } from '../api/cache.ts';
import { formatBytes } from '../lib/format.ts';
import { storageUse, type StorageUse } from '../session/saved-data.ts';
import { Button } from '../ui/button.tsx';
import * as styles from './list-freshness.css.ts';

/**
 * Saved on this device: the space the console's saved data uses, whether the browser keeps
 * it under storage pressure, and "Clear saved data", which forgets every kept answer (the screens
 * open fetch theirs again) but never a change waiting to sync.
 */
export function SavedData() {
  const forgetAnswers = useForgetAnswers();
  const [use, setUse] = useState<StorageUse | null | undefined>(undefined);
  const [cleared, setCleared] = useState(false);
  const measure = useCallback(() => {
    void storageUse().then(setUse, () => setUse(null));
  }, []);
  useEffect(measure, [measure]);
  const clear = async () => {
    // Every answer forgotten and the shown ones fetched again; queued writes are left alone.
    await forgetAnswers();
    setCleared(true);
    measure();
  };
  return (
    <section aria-labelledby="saved-data-title">
      <h2 id="saved-data-title" className={styles.title}>
        Saved on this device
      </h2>
      <p className={styles.updated}>
        {use === undefined
          ? 'Measuring…'
          : use === null
            ? 'This browser does not say how much space is used.'
            : `${formatBytes(use.usage)} used${use.persisted ? ', kept by the browser when space runs low' : ''}.`}
      </p>
      <Button
        variant="secondary"
        onClick={() => {
          void clear();
        }}
      >
        Clear saved data
      </Button>
      {cleared && (
        <p role="status" className={styles.updated}>
          Saved data cleared. Changes waiting to sync are kept.
        </p>
      )}
    </section>
  );
}
