import type { ReactNode } from 'react';

import { Button } from './button.tsx';
import * as styles from './staff.css.ts';

export interface QueryFailureProps {
  /** What failed to load, capitalised ("This agent", "The funnel"): says "<thing> could not be loaded." */
  thing?: string;
  /** The spec's own words for this failure, when it has them (in place of the pattern). */
  text?: string;
  /** Asks again (a query's `refetch`): a Retry button. */
  retry?: (() => unknown) | undefined;
  /** A way on (a back link). */
  children?: ReactNode;
}

/** The one load-failure state: "<Thing> could not be loaded." (or the spec's words), a Retry, a way on. */
export function QueryFailure({ thing, text, retry, children }: QueryFailureProps) {
  return (
    <div className={styles.failure}>
      <p role="alert" className={styles.failureText}>
        {text ?? `${thing ?? 'This page'} could not be loaded.`}
      </p>
      {retry && (
        <Button variant="text" onClick={() => void retry()}>
          Retry
        </Button>
      )}
      {children}
    </div>
  );
}
