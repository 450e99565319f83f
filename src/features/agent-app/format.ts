import { format } from 'date-fns';
import type { AgentWrite } from '../../api/agent-app-writes.ts';
import { stageLabel } from '../../lib/referral-stages.ts';

/** Missing names show "Not Available" (spec 2 section 5). */
export const prospectName = (name: { first: string | null; last: string | null }): string =>
  [name.first, name.last].filter(Boolean).join(' ').trim() || 'Not Available';

/** Times are 12-hour with AM/PM in the browser's time zone (spec 2 section 9, DECISIONS.md). */
export const formatWhen = (iso: string): string => format(new Date(iso), 'MMM d, yyyy h:mm a');

/** A calendar day (YYYY-MM-DD) as a date, without a time-zone shift. */
export const formatDay = (day: string): string => format(new Date(`${day}T12:00:00`), 'MMM d, yyyy');

const NOTE_PREVIEW = 60;

/** What a queued or refused write does, in a few words. */
export function describeWrite(w: AgentWrite): string {
  if (w.kind === 'note') return `Note: “${w.text.length > NOTE_PREVIEW ? `${w.text.slice(0, NOTE_PREVIEW)}…` : w.text}”`;
  const extra = w.change.removalReason ?? (w.change.dateOfSale ? `closing ${formatDay(w.change.dateOfSale)}` : null);
  return `Stage to ${stageLabel(w.change.stage)}${extra ? ` (${extra})` : ''}`;
}
