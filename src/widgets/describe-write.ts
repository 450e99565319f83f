import type { AgentWrite } from '../api/agent-app-writes.ts';
import { formatDay } from '../lib/format.ts';
import { stageLabel } from '../lib/referral-stages.ts';

const NOTE_PREVIEW = 60;

/** What a queued or refused write does, in a few words. */
export function describeWrite(w: AgentWrite): string {
  if (w.kind === 'note')
    return `Note: “${w.text.length > NOTE_PREVIEW ? `${w.text.slice(0, NOTE_PREVIEW)}…` : w.text}”`;
  const extra = w.change.removalReason ?? (w.change.dateOfSale ? `closing ${formatDay(w.change.dateOfSale)}` : null);
  return `Stage to ${stageLabel(w.change.stage)}${extra ? ` (${extra})` : ''}`;
}
