import type { AnnouncementAudience, ManagedAnnouncement } from '../../contract/announcements.ts';
import { LABEL_TABLES } from '../../contract/labels.ts';
import { productFamilyLabel } from '../../lib/format.ts';

// How the Announcements editor names audiences and states.

export const AUDIENCE_LABELS: Readonly<Record<AnnouncementAudience, string>> = LABEL_TABLES.announcementAudience;
export const STATUS_LABELS = LABEL_TABLES.announcementStatus;

/** The audience as a sentence: "Chosen brokerages: Harbor Point Realty, Maple & Main Homes". */
export function audienceText(
  a: Pick<ManagedAnnouncement, 'audience' | 'brokerages' | 'productFamily' | 'ownerBrokerageId'>,
): string {
  const names = a.brokerages.map((b) => b.name).join(', ');
  if (a.audience === 'AGENTS')
    return a.ownerBrokerageId !== null ? 'My agents' : names ? `Agents of ${names}` : 'All agents';
  if (a.audience === 'BROKERAGE') return names || AUDIENCE_LABELS.BROKERAGE;
  if (a.audience === 'PRODUCT_FAMILY') return `Brokerages with ${productFamilyLabel(a.productFamily ?? '')}`;
  return AUDIENCE_LABELS[a.audience];
}

/** A datetime-local input's value for an ISO time, in the browser's time zone. */
export function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
