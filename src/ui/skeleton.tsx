import type { ReactNode } from 'react';

import { Card, Page } from './layout.tsx';
import * as styles from './skeleton.css.ts';
import { visuallyHidden } from './visually-hidden.css.ts';

/** What is loading looks like: figures side by side, a bar chart, a list of lines, a record's label-value pairs. */
export type SkeletonShape = 'figures' | 'chart' | 'list' | 'record';

const CHART_BARS = [55, 80, 40, 95, 65, 30, 75]; // heights in %: a chart's silhouette, not data

function shapes(shape: SkeletonShape): ReactNode {
  switch (shape) {
    case 'figures':
      return [0, 1, 2].map((i) => (
        <span key={i} className={styles.cell}>
          <span className={styles.figure} />
          <span className={`${styles.line} ${styles.short}`} />
        </span>
      ));
    case 'chart':
      return CHART_BARS.map((h, i) => <span key={i} className={styles.bar} style={{ height: `${h}%` }} />);
    case 'list':
      return [0, 1, 2, 3].map((i) => (
        <span key={i} className={styles.line} style={{ width: `${85 - i * 12}%`, maxWidth: 'none' }} />
      ));
    case 'record':
      return [0, 1, 2, 3, 4, 5].flatMap((i) => [
        <span key={`l${i}`} className={`${styles.line} ${styles.short}`} />,
        <span key={`v${i}`} className={styles.line} />,
      ]);
  }
}

/**
 * Placeholder shapes of the content on its way (first load): the region says it is busy, screen
 * readers hear `label` ("Loading totals"), the shapes themselves are hidden from them.
 */
export function Skeleton({ label, shape }: { label: string; shape: SkeletonShape }) {
  return (
    <div aria-busy="true">
      <span className={visuallyHidden}>{label}</span>
      <div aria-hidden="true" className={styles.layout[shape]} data-skeleton={shape}>
        {shapes(shape)}
      </div>
    </div>
  );
}

/** A record view's first load: a page with a card shaped like the record's title and details. */
export function RecordSkeleton({ label }: { label: string }) {
  return (
    <Page>
      <Card aria-busy="true">
        <span className={visuallyHidden}>{label}</span>
        <div aria-hidden="true" data-skeleton="record">
          <span className={styles.title} />
          <div className={styles.layout.record}>{shapes('record')}</div>
        </div>
      </Card>
    </Page>
  );
}

/** A table cell's placeholder line (data-table.tsx draws skeleton rows with it). */
export const skeletonLine = styles.line;
