import type { LeadDetail } from '../contract/interviews.ts';
import { formatDateTime, prettify } from '../lib/format.ts';
import { statusLabel } from '../lib/opportunity-status.ts';
import { formatPhone } from '../lib/validation.ts';
import { DetailList } from './detail-list.tsx';
import * as styles from './staff.css.ts';
import { TextField } from './text-field.tsx';

/** Spec 2's read-only lead detail body: the Details section and the contact fields. */
export function LeadDetails({ lead }: { lead: LeadDetail['data'] }) {
  const c = lead.contact;
  return (
    <>
      <h3 className={styles.subheading}>Details</h3>
      <DetailList items={[
        ['Date Ingested', formatDateTime(lead.created)],
        ['Type', prettify(lead.opportunity.clientType)],
        ['Lead Status', lead.opportunity.status ? statusLabel(lead.opportunity.status) : '-'],
        ['Lead Source', lead.opportunity.cleanReferringWebsite || '-'],
      ]} />
      <TextField label="First Name" value={c.nameFirst ?? ''} readOnly />
      <TextField label="Last Name" value={c.nameLast ?? ''} readOnly />
      <TextField label="Phone Number" value={formatPhone(c.phoneNumber)} readOnly type="tel" />
      <TextField label="Email Address" value={c.emailAddress ?? ''} readOnly type="email" />
    </>
  );
}
