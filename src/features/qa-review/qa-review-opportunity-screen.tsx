import { useQuery } from '@tanstack/react-query';

import { pathTo } from '../../access/route-table.ts';
import {
  interactionsQueryOptions,
  opportunityNotesQueryOptions,
  opportunityQueryOptions,
} from '../../api/opportunities.ts';
import { callRecordingsQueryOptions, qaOpportunityQueryOptions } from '../../api/qa-review.ts';
import { dispositionLabel } from '../../contract/interviews.ts';
import { enumLabel } from '../../contract/labels.ts';
import type { QaQueueItem } from '../../contract/qa-review.ts';
import { formatDateTime, productFamilyLabel } from '../../lib/format.ts';
import { recordId } from '../../lib/record-params.ts';
import { formatPhone } from '../../lib/validation.ts';
import { Badge } from '../../ui/badge.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { Card } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { RecordScreen } from '../../ui/record-screen.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as styles from '../../ui/staff.css.ts';
import { dispositionText, durationText, QA_STATUS_LABELS, qaTone } from './qa-format.ts';
import { RecordingPlayer } from './recording-player.tsx';
import { Scorecard } from './scorecard.tsx';

interface TimelineEntry {
  key: string;
  at: string;
  what: string;
  detail: string;
}

/** Calls, texts, emails and notes of the opportunity, oldest first. */
function Timeline({ id }: { id: number }) {
  const interactions = useQuery(interactionsQueryOptions(id));
  const notes = useQuery(opportunityNotesQueryOptions(id));
  const entries: TimelineEntry[] = [
    ...(interactions.data?.content ?? []).map((i) => ({
      key: `i${i.id}`,
      at: i.created,
      what: `${enumLabel('interactionType', i.type)} (${enumLabel('interactionDirection', i.direction).toLowerCase()})`,
      detail: [
        i.summary,
        i.disposition ? dispositionLabel(i.disposition) : null,
        i.durationSeconds ? durationText(i.durationSeconds) : null,
      ]
        .filter(Boolean)
        .join(' · '),
    })),
    ...(notes.data?.content ?? []).map((n) => ({
      key: `n${n.id}`,
      at: n.created,
      what: 'Note',
      detail: `${n.body}${n.author.name ? ` (${n.author.name})` : ''}`,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Card aria-labelledby="qa-timeline">
      <h2 id="qa-timeline" className={styles.subheading}>
        Timeline
      </h2>
      {(interactions.isError || notes.isError) && <QueryFailure thing="The timeline" />}
      {interactions.isPending || notes.isPending ? (
        <Skeleton label="Loading the timeline" shape="record" />
      ) : entries.length === 0 ? (
        <p>No calls, texts or notes yet.</p>
      ) : (
        <ol className={styles.list}>
          {entries.map((e) => (
            <li key={e.key} className={styles.listItem}>
              <strong>{e.what}</strong>{' '}
              <time className={styles.meta} dateTime={e.at}>
                {formatDateTime(e.at)}
              </time>
              {e.detail && <div>{e.detail}</div>}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function CallReview({ call, focused }: { call: QaQueueItem; focused: boolean }) {
  const recordings = useQuery(callRecordingsQueryOptions(call.interactionId));
  const title = `Call on ${formatDateTime(call.callAt)}`;
  const headingId = `qa-call-${call.interactionId}`;
  return (
    <Card aria-labelledby={headingId} id={`call-${call.interactionId}`} data-focused={focused || undefined}>
      <div className={styles.headerRow}>
        <h2 id={headingId} className={styles.heading}>
          {title}
        </h2>
        <Badge tone={qaTone(call.status)}>{QA_STATUS_LABELS[call.status]}</Badge>
      </div>
      <DetailList
        items={[
          ['Handled By', call.handledBy?.name],
          ['Direction', enumLabel('interactionDirection', call.direction)],
          ['Length', durationText(call.durationSeconds)],
          ['Disposition', dispositionText(call.disposition)],
          [
            'Reviewed',
            call.review ? `${call.review.reviewer?.name ?? '-'}, ${formatDateTime(call.review.reviewedAt)}` : 'Not yet',
          ],
        ]}
      />
      {recordings.isError && <QueryFailure thing="The recordings" />}
      {(recordings.data ?? []).map((r) => (
        <RecordingPlayer key={r.id} recording={r} label={`Recording of the ${title.toLowerCase()}`} />
      ))}
      <h3 className={styles.subheading}>Scorecard</h3>
      <Scorecard key={`${call.interactionId}-${call.review?.reviewedAt ?? ''}`} call={call} />
    </Card>
  );
}

/** QA review of one opportunity (qa-review/opportunity/:id): the opportunity, its timeline, and each recorded call with its recording, disposition and scorecard. */
export function QaReviewOpportunityScreen({ params }: { params: Record<string, string> }) {
  const found = recordId(params['id']);
  const id = found ?? 0;
  const valid = found !== undefined;
  const opportunity = useQuery({ ...opportunityQueryOptions(id), enabled: valid });
  const calls = useQuery({ ...qaOpportunityQueryOptions(id), enabled: valid });
  const focus = Number(new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search).get('call'));
  const nameOf = (o: NonNullable<typeof opportunity.data>) =>
    [o.contact.nameFirst, o.contact.nameLast].filter(Boolean).join(' ') || `Opportunity ${o.id}`;
  const list = calls.data?.content ?? [];
  return (
    <RecordScreen
      found={valid}
      query={opportunity}
      noun="opportunity"
      failureTitle="QA Review"
      title={nameOf}
      pageTitle={(o) => `QA Review: ${nameOf(o)}`}
      back={{ href: pathTo('qa-review'), label: 'Back to the QA queue' }}
      more={(o) => (
        <>
          {calls.isError && <QueryFailure thing="The calls" />}
          {calls.isPending ? (
            <Skeleton label="Loading the calls" shape="record" />
          ) : list.length === 0 ? (
            <Card>
              <p>This opportunity has no recorded calls to review.</p>
            </Card>
          ) : (
            list.map((c) => <CallReview key={c.interactionId} call={c} focused={c.interactionId === focus} />)
          )}
          <Timeline id={o.id} />
        </>
      )}
    >
      {(o) => (
        <DetailList
          items={[
            ['Phone Number', formatPhone(o.contact.phoneNumber)],
            ['Email Address', o.contact.emailAddress],
            ['Type', enumLabel('referralType', o.type)],
            ['Status', enumLabel('opportunityStatus', o.status)],
            ['Product', productFamilyLabel(o.product)],
            ['Brokerage', o.brokerageName],
            ['Agent', o.agentName],
            ['Created', formatDateTime(o.created)],
          ]}
        />
      )}
    </RecordScreen>
  );
}
