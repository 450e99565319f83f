import type { LeadDetail } from '../contract/interviews.ts';
import { formatDateTime } from '../lib/format.ts';
import { statusLabel } from '../lib/opportunity-status.ts';
import { formatPhone } from '../lib/validation.ts';
import { Spinner } from './layout.tsx';
import { TextField } from './text-field.tsx';
import * as styles from './lead-details.css.ts';
import { enumLabel } from '../contract/labels.ts';

// Spec 2's "Lead detail dialog" content, one body for the overview's dialog and My Leads' side view.

export const LEAD_LOAD_ERROR = 'An error occurred loading this referral.';

type Lead = LeadDetail['data'];

const nameOf = (lead: Lead) => [lead.contact.nameFirst, lead.contact.nameLast].filter(Boolean).join(' ').trim();

/** The header: the avatar with the name's upper-cased first letter ("-" if none) and the name ("Unavailable"); "Lead" until loaded or on failure. */
export function LeadTitle({ lead }: { lead: Lead | undefined }) {
  if (!lead) return <>Lead</>;
  const name = nameOf(lead);
  return (
    <span className={styles.header}>
      <span className={styles.avatar} aria-hidden="true">{name.charAt(0).toUpperCase() || '-'}</span>
      <span>{name || 'Unavailable'}</span>
    </span>
  );
}

/** The Details section and the read-only contact fields. */
export function LeadDetails({ lead }: { lead: Lead }) {
  const rows: [string, string][] = [
    ['Date Ingested', formatDateTime(lead.created)],
    ['Type', enumLabel('clientType', lead.opportunity.clientType)],
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

/** The body in its three states: a spinner while loading, the error block on failure, the details once loaded. */
export function LeadDetailBody({ lead, isError }: { lead: Lead | undefined; isError: boolean }) {
  if (lead) return <LeadDetails lead={lead} />;
  return isError ? <div className={styles.error} role="alert">{LEAD_LOAD_ERROR}</div> : <Spinner label="Loading lead" />;
}
