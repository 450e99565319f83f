import { dispositionLabel } from '../../contract/interviews.ts';
import { LABEL_TABLES } from '../../contract/labels.ts';
import type { QaQueueItem } from '../../contract/qa-review.ts';

/** A call's length: 45s, 5m 12s. */
export const durationText = (s: number | null | undefined) =>
  s === null || s === undefined ? '-' : s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${s % 60}s`;

export const dispositionText = (d: QaQueueItem['disposition']) => dispositionLabel(d);

/** The review queue's statuses and filter values, from the one label table (src/contract/labels.ts). */
export const QA_STATUS_LABELS: Readonly<Record<string, string>> = LABEL_TABLES.qaStatusFilter;
export const qaTone = (status: string) =>
  (status === 'PASSED' ? 'success' : status === 'FAILED' ? 'danger' : 'neutral') as 'success' | 'danger' | 'neutral';
