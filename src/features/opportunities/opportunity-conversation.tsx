import { useQuery } from '@tanstack/react-query';

import { contactNumbersQueryOptions, conversationQueryOptions } from '../../api/opportunity-timeline.ts';
import type { ConversationEntry } from '../../contract/conversation.ts';
import { dispositionLabel } from '../../contract/interviews.ts';
import { enumLabel } from '../../contract/labels.ts';
import { formatDateTime } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { Card } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as styles from '../../ui/staff.css.ts';

const duration = (s: number | null) => (s === null ? null : s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${s % 60}s`);

function entryLine(e: ConversationEntry): string {
  const parts = [
    `${enumLabel('interactionDirection', e.direction)} ${enumLabel('interactionType', e.type).toLowerCase()}`,
    duration(e.durationSeconds),
    e.handledBy.name ? `by ${e.handledBy.name}` : null,
    e.disposition ? dispositionLabel(e.disposition) : null,
    e.recordingIds.length > 0
      ? `${e.recordingIds.length} ${e.recordingIds.length === 1 ? 'recording' : 'recordings'}`
      : null,
    e.qaStatus ? `QA ${enumLabel('qaStatus', e.qaStatus)}` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** The interaction timeline: the numbers the client is reached on, then the conversation newest first. */
export function OpportunityConversation({ id }: { id: number }) {
  const numbers = useQuery(contactNumbersQueryOptions(id));
  const conversation = useQuery(conversationQueryOptions(id));
  return (
    <Card aria-labelledby="opportunity-conversation">
      <h2 id="opportunity-conversation" className={styles.subheading}>
        Conversation
      </h2>
      <div className={styles.stack}>
        {numbers.isError ? (
          <QueryFailure thing="Contact numbers" />
        ) : !numbers.data ? (
          <Skeleton label="Loading" shape="list" />
        ) : numbers.data.numbers.length === 0 ? (
          <p className={styles.meta}>No contact numbers.</p>
        ) : (
          <ul className={styles.list} aria-label="Contact numbers">
            {numbers.data.numbers.map((n) => (
              <li key={n.number} className={styles.listItem}>
                <strong>
                  {n.label}: {formatPhone(n.number)}
                </strong>
                <span className={styles.meta}>
                  {' '}
                  {n.doNotCall ? 'Do not call · ' : ''}
                  {n.calls} calls · {n.texts} texts
                  {n.lastContacted ? ` · last contacted ${formatDateTime(n.lastContacted)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
        {conversation.isError ? (
          <QueryFailure thing="The conversation" />
        ) : !conversation.data ? (
          <Skeleton label="Loading" shape="list" />
        ) : conversation.data.content.length === 0 ? (
          <p className={styles.meta}>No conversation yet.</p>
        ) : (
          <ol className={styles.list} aria-label="Conversation timeline">
            {conversation.data.content.map((e) => (
              <li key={e.interactionId} className={styles.listItem}>
                <time dateTime={e.at} className={styles.meta}>
                  {formatDateTime(e.at)}
                </time>
                <div>{entryLine(e)}</div>
                {e.summary && <div className={styles.meta}>{e.summary}</div>}
              </li>
            ))}
          </ol>
        )}
        {conversation.data && conversation.data.totalElements > conversation.data.content.length && (
          <p className={styles.meta}>
            Showing the latest {conversation.data.content.length} of {conversation.data.totalElements}.
          </p>
        )}
      </div>
    </Card>
  );
}
