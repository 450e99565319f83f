import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { pathTo } from '../../access/route-table.ts';
import { addBrokerReferralNote, brokerReferralKeys, brokerReferralQueryOptions } from '../../api/broker-referrals.ts';
import { daysText } from '../../lib/format.ts';
import { stageLabel } from '../../lib/referral-stages.ts';
import { codeLabel, formatCents, formatDate, formatDateTime, personName } from '../../lib/staff-format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { DetailList } from '../../ui/detail-list.tsx';
import { Card, Page, Spinner } from '../../ui/layout.tsx';
import { NotesPanel } from '../../ui/notes-panel.tsx';
import * as styles from '../../ui/staff.css.ts';
import { ReferralTimeline } from './referral-timeline.tsx';

/** One referral of the brokerage (my-referrals view/:referralId): details, timeline, notes. */
export function MyReferralViewScreen({ params }: { params: Record<string, string> }) {
  const id = Number(params['referralId']);
  const valid = Number.isInteger(id) && id > 0;
  const client = useQueryClient();
  const query = useQuery({ ...brokerReferralQueryOptions(id), enabled: valid });
  if (!valid || query.isError) {
    return <Page><p role="alert">This referral could not be loaded.</p><Link href={pathTo('my-referrals')}>Back to My Referrals</Link></Page>;
  }
  const r = query.data;
  if (!r) return <Spinner label="Loading referral" />;
  const name = personName(r.prospect.name.first, r.prospect.name.last, 'Not Available');
  const add = async (text: string) => {
    const next = await addBrokerReferralNote(id, text);
    client.setQueryData(brokerReferralKeys.detail(id), next);
  };
  return (
    <Page title={name}>
      <div className={styles.stack}>
        <Card>
          <div className={styles.headerRow}>
            <h2 className={styles.heading}>{name}</h2>
            <Link href={pathTo('my-referrals')}>Back to My Referrals</Link>
          </div>
          <DetailList items={[
            ['Type', codeLabel(r.type)],
            ['Stage', stageLabel(r.stage)],
            ['Follow-up', r.overdue ? `${daysText(r.daysOverdue)} overdue` : 'Up to date'],
            ['Agent', <Link key="agent" href={pathTo('view-my-agent', { id: r.agentId })}>{r.agentName ?? 'Not Available'}</Link>],
            ['Phone', formatPhone(r.phone) || '-'],
            ['Email', r.email ?? '-'],
            ['Price', formatCents(r.priceCents)],
            ['Date of Sale', r.details.referralSale.dateOfSale ?? '-'],
            ['Sale Price', formatCents(r.details.referralSale.salePriceCents)],
            ['Removal Reason', r.removalReason ?? '-'],
            ['Received', formatDate(r.created)],
            ['Updated', formatDateTime(r.updated)],
          ]} />
        </Card>
        <Card>
          <h2 className={styles.subheading}>Timeline</h2>
          <ReferralTimeline events={r.events} />
        </Card>
        <Card>
          <h2 className={styles.subheading}>Notes</h2>
          <NotesPanel label="Referral notes" formatTime={formatDateTime} onAdd={add}
            notes={r.notes.map((n) => ({ id: n.id, body: n.text, author: n.authorName, created: n.created }))} />
        </Card>
      </div>
    </Page>
  );
}
