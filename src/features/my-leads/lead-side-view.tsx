import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { leadDetailQueryOptions } from '../../api/dashboard.ts';
import { Button } from '../../ui/button.tsx';
import { Card, Spinner } from '../../ui/layout.tsx';
import { LeadDetails } from '../../ui/lead-details.tsx';
import * as styles from '../../ui/staff.css.ts';
import * as css from './my-leads.css.ts';

export const LEAD_LOAD_ERROR = 'An error occurred loading this referral.';

/** One lead beside the list (my-leads view/:id): spec 2's lead detail content, closable with a button or Escape. */
export function LeadSideView({ id, onClose }: { id: string; onClose: () => void }) {
  const lead = useQuery(leadDetailQueryOptions(id));
  const data = lead.data?.data;
  const name = data ? [data.contact.nameFirst, data.contact.nameLast].filter(Boolean).join(' ').trim() || 'Unavailable' : 'Lead';
  const heading = useRef<HTMLHeadingElement>(null);
  // The side view takes the focus when it opens, so keyboard and screen-reader users land in it.
  useEffect(() => { heading.current?.focus(); }, [id]);
  return (
    <aside aria-label="Lead detail" className={css.side} onKeyDown={(e) => { if (e.key === 'Escape') onClose(); }}>
      <Card>
        <div className={styles.headerRow}>
          <h2 ref={heading} tabIndex={-1} className={styles.heading}>{lead.isError ? 'Lead' : name}</h2>
          <Button variant="secondary" onClick={onClose}>Close</Button>
        </div>
        {data ? <LeadDetails lead={data} />
          : lead.isError ? <p role="alert">{LEAD_LOAD_ERROR}</p> : <Spinner label="Loading lead" />}
      </Card>
    </aside>
  );
}
