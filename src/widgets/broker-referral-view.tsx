import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';

import { addBrokerReferralNoteWrite, brokerReferralQueryOptions } from '../api/broker-referrals.ts';
import { useWrite } from '../api/write.ts';
import { enumLabel } from '../contract/labels.ts';
import { daysText, formatCents, formatDate, formatDateTime, personName } from '../lib/format.ts';
import { stageLabel } from '../lib/referral-stages.ts';
import { formatPhone } from '../lib/validation.ts';
import { useBrokerageScope } from '../session/brokerage-scope.ts';
import { withBreakPoints } from '../ui/break-points.tsx';
import { DetailList } from '../ui/detail-list.tsx';
import { Card, Page } from '../ui/layout.tsx';
import { useIsMobile } from '../ui/media.ts';
import { QueryFailure } from '../ui/query-failure.tsx';
import { RecordFrame } from '../ui/record-screen.tsx';
import { ReferralTimeline } from '../ui/referral-timeline.tsx';
import { RecordSkeleton } from '../ui/skeleton.tsx';
import * as styles from '../ui/staff.css.ts';
import { NotesPanel } from './notes-panel.tsx';
import { ReferralActions } from './referral-actions.tsx';

export interface BrokerReferralViewProps {
  /** The address's id, checked (`recordId`): undefined is the not-found state. */
  referralId: number | undefined;
  /** Where "Back" goes, and its text. */
  back: { href: string; label: string };
  agentHref: (agentId: number) => string;
  /** When opened under an agent: a referral of another agent is not found here. */
  agentId?: number | undefined;
}

/** One referral of the brokerage: details, actions, timeline and notes (my-referrals and my-agents' nested view). */
export function BrokerReferralView({ referralId, back, agentHref, agentId }: BrokerReferralViewProps) {
  const valid = referralId !== undefined;
  const note = useWrite(addBrokerReferralNoteWrite(referralId ?? 0));
  const brokerageId = useBrokerageScope();
  const mobile = useIsMobile();
  const query = useQuery({ ...brokerReferralQueryOptions(referralId ?? 0), enabled: valid });
  const r = query.data;
  if (referralId === undefined || query.isError) {
    return (
      <Page>
        <QueryFailure thing="This referral" retry={valid ? query.refetch : undefined}>
          <Link href={back.href}>{back.label}</Link>
        </QueryFailure>
      </Page>
    );
  }
  if (r && agentId !== undefined && r.agentId !== agentId) {
    // Opened under an agent it no longer belongs to (just reassigned from here, or an old link).
    return (
      <Page>
        <p role="status">
          This referral is now with <Link href={agentHref(r.agentId)}>{r.agentName ?? 'another agent'}</Link>.
        </p>
        <Link href={back.href}>{back.label}</Link>
      </Page>
    );
  }
  if (!r) return <RecordSkeleton label="Loading referral" />;
  const name = personName(r.prospect.name.first, r.prospect.name.last, 'Not Available');
  const actionsOf = { id: r.id, agentId: r.agentId, agentName: r.agentName, overdue: r.overdue, name };
  const add = async (text: string) => {
    await note.mutateAsync(text);
  };
  return (
    <RecordFrame
      title={name}
      back={back}
      // A phone keeps the actions at hand: a bar stuck to the bottom of the screen, however long the record.
      phoneBar={mobile && <ReferralActions docked brokerageId={brokerageId} referral={actionsOf} />}
      more={
        <>
          <Card>
            <h2 className={styles.subheading}>Timeline</h2>
            <ReferralTimeline events={r.events} />
          </Card>
          <Card>
            <h2 className={styles.subheading}>Notes</h2>
            <NotesPanel
              label="Referral notes"
              formatTime={formatDateTime}
              onAdd={add}
              notes={r.notes.map((n) => ({ id: n.id, body: n.text, author: n.authorName, created: n.created }))}
            />
          </Card>
        </>
      }
    >
      {!mobile && <ReferralActions brokerageId={brokerageId} referral={actionsOf} />}
      <DetailList
        items={[
          ['Type', enumLabel('referralType', r.type)],
          ['Stage', stageLabel(r.stage)],
          ['Follow-up', r.overdue ? `${daysText(r.daysOverdue)} overdue` : 'Up to date'],
          [
            'Agent',
            <Link key="agent" href={agentHref(r.agentId)}>
              {r.agentName ?? 'Not Available'}
            </Link>,
          ],
          // Act where you look: the lead's phone and email open the phone's dialler and the mail app.
          [
            'Phone',
            r.phone ? (
              <a key="phone" href={`tel:${r.phone}`}>
                {formatPhone(r.phone)}
              </a>
            ) : (
              '-'
            ),
          ],
          [
            'Email',
            r.email ? (
              <a key="email" href={`mailto:${r.email}`}>
                {withBreakPoints(r.email)}
              </a>
            ) : (
              '-'
            ),
          ],
          ['Price', formatCents(r.priceCents)],
          ['Date of Sale', r.details.referralSale.dateOfSale ?? '-'],
          ['Sale Price', formatCents(r.details.referralSale.salePriceCents)],
          ['Removal Reason', r.removalReason ?? '-'],
          ['Received', formatDate(r.created)],
          ['Updated', formatDateTime(r.updated)],
        ]}
      />
    </RecordFrame>
  );
}
