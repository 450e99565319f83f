import { useQuery } from '@tanstack/react-query';

import { brokerLeadsQueryOptions, DASHBOARD_PAGE_SIZE } from '../../api/dashboard.ts';
import type { Product } from '../../contract/brokerages.ts';
import type { BrokerLead } from '../../contract/interviews.ts';
import { formatDateTime } from '../../lib/format.ts';
import { statusLabel } from '../../lib/opportunity-status.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useDashboard } from './dashboard-context.ts';
import * as styles from './dashboard.css.ts';
import { CardState } from './widget-card.tsx';

export const leadName = (l: Pick<BrokerLead, 'contact'>): string | null =>
  [l.contact.nameFirst, l.contact.nameLast].filter(Boolean).join(' ').trim() || null;

/** Five leads, newest first by assignment or by creation; a row opens the lead detail dialog. */
export function LeadList({
  label,
  product,
  sort,
}: {
  label: string;
  product: Product;
  sort: 'assignedAt' | 'created';
}) {
  const { brokerageId, openLead } = useDashboard();
  const q = useQuery(brokerLeadsQueryOptions(brokerageId, { product, sort, pageSize: DASHBOARD_PAGE_SIZE }));
  if (!q.data)
    return q.isError ? (
      <CardState>No lead reports available</CardState>
    ) : (
      <Skeleton shape="list" label={`Loading ${label}`} />
    );
  const leads =
    sort === 'assignedAt' ? q.data.content.filter((l) => l.opportunity.assignedAt !== null) : q.data.content;
  if (leads.length === 0) return <CardState>No lead reports available</CardState>;
  return (
    <ul className={styles.list} aria-label={label}>
      {leads.map((l) => {
        const when = sort === 'assignedAt' ? l.opportunity.assignedAt : l.created;
        return (
          <li key={l.opportunity.id} className={styles.listItem}>
            <span className={styles.itemMain}>
              <button
                type="button"
                className={styles.rowButton}
                aria-haspopup="dialog"
                onClick={() => openLead(String(l.opportunity.id))}
              >
                {leadName(l) ?? 'Unavailable'}
              </button>
              <span className={styles.itemMeta}>
                {sort === 'assignedAt'
                  ? `Assigned to ${l.opportunity.agentName ?? 'Not Available'}`
                  : statusLabel(l.opportunity.status)}
              </span>
            </span>
            <span className={styles.itemMeta}>{formatDateTime(when)}</span>
          </li>
        );
      })}
    </ul>
  );
}
