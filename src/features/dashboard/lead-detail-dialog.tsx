import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { leadDetailQueryOptions } from '../../api/dashboard.ts';
import type { LeadDetail } from '../../contract/interviews.ts';
import { formatDateTime, prettify } from '../../lib/format.ts';
import { statusLabel } from '../../lib/opportunity-status.ts';
import { formatPhone } from '../../lib/validation.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/layout.tsx';
import { TextField } from '../../ui/text-field.tsx';
import * as styles from './lead-detail.css.ts';

export const LEAD_LOAD_ERROR = 'An error occurred loading this referral.';

export interface LeadDetailDialogProps {
  opportunityId: string;
  /** Where the dialog was opened from; non-empty means closing goes back one step in history. */
  parent?: string;
  /** Emitted on close when there is no parent to go back to. */
  onClosed?: () => void;
}

function Details({ lead }: { lead: LeadDetail['data'] }) {
  const rows: [string, string][] = [
    ['Date Ingested', formatDateTime(lead.created)],
    ['Type', prettify(lead.opportunity.clientType)],
    ['Lead Status', lead.opportunity.status ? statusLabel(lead.opportunity.status) : '-'],
    ['Lead Source', lead.opportunity.cleanReferringWebsite || '-'],
  ];
  const c = lead.contact;
  return (
    <>
      <h3 className={styles.section}>Details</h3>
      <dl className={styles.details}>
        {rows.map(([term, value]) => (
          <div key={term}><dt className={styles.term}>{term}</dt><dd className={styles.value}>{value}</dd></div>
        ))}
      </dl>
      <div className={styles.fields}>
        <TextField label="First Name" value={c.nameFirst ?? ''} readOnly />
        <TextField label="Last Name" value={c.nameLast ?? ''} readOnly />
        <TextField label="Phone Number" value={formatPhone(c.phoneNumber)} readOnly type="tel" />
        <TextField label="Email Address" value={c.emailAddress ?? ''} readOnly type="email" />
      </div>
    </>
  );
}

/** The read-only lead detail of one opportunity (spec 2 section 2): opens at once, closes back or with onClosed. */
export function LeadDetailDialog({ opportunityId, parent = 'agents', onClosed }: LeadDetailDialogProps) {
  const [open, setOpen] = useState(true);
  const lead = useQuery(leadDetailQueryOptions(opportunityId));
  const close = () => {
    setOpen(false);
    if (parent) window.history.back();
    else onClosed?.();
  };
  const data = lead.data?.data;
  const name = data ? [data.contact.nameFirst, data.contact.nameLast].filter(Boolean).join(' ').trim() : '';
  const title = data ? (
    <span className={styles.header}>
      <span className={styles.avatar} aria-hidden="true">{name.charAt(0).toUpperCase() || '-'}</span>
      <span>{name || 'Unavailable'}</span>
    </span>
  ) : 'Lead';
  return (
    <Dialog open={open} onOpenChange={(o) => { if (!o) close(); }} title={title} wide
      actions={<Button variant="secondary" onClick={close}>Close</Button>}>
      <div className={styles.body}>
        {data ? <Details lead={data} />
          : lead.isError ? <div className={styles.error} role="alert">{LEAD_LOAD_ERROR}</div>
            : <Spinner label="Loading lead" />}
      </div>
    </Dialog>
  );
}
