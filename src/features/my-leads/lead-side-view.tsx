import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { leadDetailQueryOptions } from '../../api/dashboard.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { LeadDetailBody, LeadTitle } from '../../ui/lead-details.tsx';
import * as styles from '../../ui/staff.css.ts';
import * as css from './my-leads.css.ts';

/** One lead beside the list (my-leads view/:id): spec 2's lead detail content, closable with a button or Escape. */
export function LeadSideView({ id, onClose }: { id: string; onClose: () => void }) {
  const lead = useQuery(leadDetailQueryOptions(id));
  const heading = useRef<HTMLHeadingElement>(null);
  // The side view takes the focus when it opens, so keyboard and screen-reader users land in it.
  useEffect(() => { heading.current?.focus(); }, [id]);
  return (
    <aside aria-label="Lead detail" className={css.side} onKeyDown={(e) => { if (e.key === 'Escape') onClose(); }}>
      <Card>
        <div className={styles.headerRow}>
          <h2 ref={heading} tabIndex={-1} className={styles.heading}><LeadTitle lead={lead.data?.data} /></h2>
          <Button variant="secondary" onClick={onClose}>Close</Button>
        </div>
        <LeadDetailBody lead={lead.data?.data} isError={lead.isError} />
      </Card>
    </aside>
  );
}
