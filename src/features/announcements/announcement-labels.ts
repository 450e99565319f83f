import type { AnnouncementAudience, ManagedAnnouncement } from '../../contract/announcements.ts';
import { productFamilyLabel } from '../../lib/format.ts';

// How the Announcements editor names audiences and states.

export const AUDIENCE_LABELS: Record<AnnouncementAudience, string> = {
  ALL_BROKERAGES: 'All brokerages',
  BROKERAGE: 'Chosen brokerages',
  PRODUCT_FAMILY: 'Brokerages of a product',
  LOAN_OFFICES: 'Loan offices',
  AGENTS: 'Agents',
};

export const STATUS_LABELS = { DRAFT: 'Draft', PUBLISHED: 'Published', ARCHIVED: 'Archived' } as const;

/** The audience as a sentence: "Chosen brokerages: Harbor Point Realty, Maple & Main Homes". */
export function audienceText(a: Pick<ManagedAnnouncement, 'audience' | 'brokerages' | 'productFamily' | 'ownerBrokerageId'>): string {
  const names = a.brokerages.map((b) => b.name).join(', ');
  if (a.audience === 'AGENTS') return a.ownerBrokerageId !== null ? 'My agents' : names ? `Agents of ${names}` : 'All agents';
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
