import type { ReactNode } from 'react';
import { Link } from 'wouter';

import { pathTo } from '../access/route-table.ts';
import type { LeadDetail } from '../contract/interviews.ts';
import { enumLabel } from '../contract/labels.ts';
import { formatDateTime } from '../lib/format.ts';
import { statusLabel } from '../lib/opportunity-status.ts';
import { formatPhone } from '../lib/validation.ts';
import { withBreakPoints } from './break-points.tsx';
import { buttonClass } from './button.tsx';
import { Spinner } from './layout.tsx';
import * as styles from './lead-details.css.ts';

// Spec 2's "Lead detail dialog" content, one body for the overview's dialog and My Leads' lead view
// (decision 0094: the type word, and links instead of read-only fields).

export const LEAD_LOAD_ERROR = 'An error occurred loading this referral.';

type Lead = LeadDetail['data'];

const nameOf = (lead: Lead) => [lead.contact.nameFirst, lead.contact.nameLast].filter(Boolean).join(' ').trim();

/** The header: the avatar with the name's upper-cased first letter ("-" if none) and the name ("Unavailable"); "Lead" until loaded or on failure. */
export function LeadTitle({ lead }: { lead: Lead | undefined }) {
  if (!lead) return <>Lead</>;
  const name = nameOf(lead);
  return (
    <span className={styles.header}>
      <span className={styles.avatar} aria-hidden="true">
        {name.charAt(0).toUpperCase() || '-'}
      </span>
      <span>{name || 'Unavailable'}</span>
    </span>
  );
}

/**
 * The Details section and the contact to act on. Type is the lead's one type word (Buyer or Seller),
 * the word the lists use; who the client is (Investor, First-Time Buyer...) is the Client row. The
 * phone is a tel: link and the email a mailto: link (a read-only field could be neither tapped nor
 * called); the referral made from the lead opens from here.
 */
export function LeadDetails({ lead }: { lead: Lead }) {
  const o = lead.opportunity;
  const c = lead.contact;
  const rows: [string, ReactNode][] = [
    ['Date Ingested', formatDateTime(lead.created)],
    ['Type', enumLabel('referralType', o.type)],
    ['Client', enumLabel('clientType', o.clientType)],
    ['Lead Status', o.status ? statusLabel(o.status) : '-'],
    ['Lead Source', o.cleanReferringWebsite || '-'],
    ['Agent', o.agentName ?? 'Not assigned'],
    ['Phone Number', c.phoneNumber ? <a href={`tel:${c.phoneNumber}`}>{formatPhone(c.phoneNumber)}</a> : '-'],
    [
      'Email Address',
      c.emailAddress ? (
        <a className={styles.address} href={`mailto:${c.emailAddress}`}>
          {withBreakPoints(c.emailAddress)}
        </a>
      ) : (
        '-'
      ),
    ],
    [
      'Referral',
      o.referralId !== null ? (
        <Link href={pathTo('my-referral-view', { referralId: o.referralId })}>Open the referral</Link>
      ) : (
        'No referral yet'
      ),
    ],
  ];
  return (
    <>
      <h3 className={styles.section}>Details</h3>
      <dl className={styles.details}>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The lead's actions as buttons (Call, Email, Open Referral) for a dialog's foot or a phone's action bar. */
export function LeadActions({ lead }: { lead: Lead | undefined }) {
  if (!lead) return null;
  const c = lead.contact;
  const referralId = lead.opportunity.referralId;
  return (
    <>
      {c.phoneNumber && (
        <a className={buttonClass('primary')} href={`tel:${c.phoneNumber}`}>
          Call
        </a>
      )}
      {c.emailAddress && (
        <a className={buttonClass('secondary')} href={`mailto:${c.emailAddress}`}>
          Email
        </a>
      )}
      {referralId !== null && (
        <Link className={buttonClass('secondary')} href={pathTo('my-referral-view', { referralId })}>
          Open Referral
        </Link>
      )}
    </>
  );
}

/** The body in its three states: a spinner while loading, the error block on failure, the details once loaded. */
export function LeadDetailBody({ lead, isError }: { lead: Lead | undefined; isError: boolean }) {
  if (lead) return <LeadDetails lead={lead} />;
  return isError ? (
    <div className={styles.error} role="alert">
      {LEAD_LOAD_ERROR}
    </div>
  ) : (
    <Spinner label="Loading lead" />
  );
}
