import type { QaQueueItem } from '../../contract/qa-review.ts';

import { dispositionLabel } from '../../contract/interviews.ts';

/** A call's length: 45s, 5m 12s. */
export const durationText = (s: number | null | undefined) => (s === null || s === undefined ? '-' : s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${s % 60}s`);

export const dispositionText = (d: QaQueueItem['disposition']) => dispositionLabel(d);

export const QA_STATUS_LABELS: Record<string, string> = { AWAITING: 'Awaiting review', REVIEWED: 'Reviewed', PASSED: 'Passed', FAILED: 'Failed' };
export const qaTone = (status: string) => (status === 'PASSED' ? 'success' : status === 'FAILED' ? 'danger' : 'neutral') as 'success' | 'danger' | 'neutral';
