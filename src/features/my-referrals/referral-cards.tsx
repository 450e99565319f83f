import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import type { BrokerReferral } from '../../contract/broker-referrals.ts';
import { enumLabel } from '../../contract/labels.ts';
import { daysText, formatDateTime, personName } from '../../lib/format.ts';
import { stageLabel } from '../../lib/referral-stages.ts';
import { Badge } from '../../ui/badge.tsx';
import type { Column } from '../../ui/data-table.tsx';
import * as styles from './my-referrals.css.ts';
import { SelectReferral, type ReferralSelection } from './referral-selection.tsx';

/**
 * My Referrals below 768 px: each row is a card (its checkbox beside the prospect, type and stage,
 * agent and last update) that fits the screen, so nothing scrolls sideways. The
 * phone sorts from the top bar's Sort dialog.
 */
export const cardColumns = (selection: ReferralSelection): Column<BrokerReferral>[] => [
  // One cell per card, so the card's title is the referral, with its checkbox beside it (not above it).
  {
    key: 'referral',
    header: 'Referral',
    cell: (r) => (
      <div className={styles.cardRow}>
        <span className={styles.cardCheck}>
          <SelectReferral row={r} selection={selection} />
        </span>
        <div className={styles.cardBody}>
          <span className={styles.cardTitle}>
            <Link href={pathTo('my-referral-view', { referralId: r.id })}>
              {personName(r.prospect.name.first, r.prospect.name.last, 'Not Available')}
            </Link>
            {r.overdue && <Badge tone="danger">{daysText(r.daysOverdue)} overdue</Badge>}
          </span>
          <span>
            {enumLabel('referralType', r.type)} · {stageLabel(r.stage)}
          </span>
          <span className={styles.cardMeta}>
            <Link href={pathTo('view-my-agent', { id: r.agentId })}>{r.agentName ?? 'Not Available'}</Link> · Updated{' '}
            {formatDateTime(r.updated)}
          </span>
        </div>
      </div>
    ),
  },
];
