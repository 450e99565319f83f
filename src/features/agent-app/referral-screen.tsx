import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';

import { detailWithStage, noteWrite, stageWrite } from '../../api/agent-app-writes.ts';
import { referralEventsQueryOptions, referralNotesQueryOptions, referralQueryOptions } from '../../api/agent-app.ts';
import { ApiError } from '../../api/client.ts';
import type { AgentReferralDetail } from '../../contract/referrals.ts';
import { formatDateTime, formatDay, personName } from '../../lib/format.ts';
import { daysText } from '../../lib/overdue.ts';
import { recordId } from '../../lib/record-params.ts';
import { allowedMoves, stageLabel } from '../../lib/referral-stages.ts';
import { formatPhone } from '../../lib/validation.ts';
import { Badge } from '../../ui/badge.tsx';
import { withBreakPoints } from '../../ui/break-points.tsx';
import { Button } from '../../ui/button.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from './agent-app.css.ts';
import { AgentNotices } from './agent-notices.tsx';
import { useDaySync } from './day-sync.ts';
import { withQueued } from './followup-row.tsx';
import { isNetworkError, NotKept, OFFLINE_WAIT_MS, useWaited } from './not-kept.tsx';
import { NoteDialog } from './note-dialog.tsx';
import { EventsTimeline, NotesList } from './referral-history.tsx';
import { StageDialog } from './stage-dialog.tsx';
import { useJustSavedNotes, useQueuedWrites, useSaveWrite } from './use-agent-writes.ts';
import { useAgentId, useOnline } from './use-agent.ts';

const QUEUED_TEXT = 'Saved on this device. Waiting to sync.';
/** IndexedDB refused the write (a full quota, a private window): it is sent from this page's memory only. */
const NOT_KEPT_TEXT = 'Not saved on this device: keep this page open until it is sent.';

/** One referral: contact, stage, notes and history, with Update Stage and Add Note (queued offline). */
export function ReferralScreen({ params }: { params: Record<string, string> }) {
  const agentId = useAgentId() ?? 0;
  const found = recordId(params['id']);
  const refId = found ?? 0;
  const detail = useQuery({ ...referralQueryOptions(agentId, refId), enabled: agentId > 0 && found !== undefined });
  const events = useQuery({ ...referralEventsQueryOptions(agentId, refId), enabled: detail.isSuccess });
  const notes = useQuery({ ...referralNotesQueryOptions(agentId, refId), enabled: detail.isSuccess });
  const queued = useQueuedWrites(refId);
  const justSaved = useJustSavedNotes(refId);
  const saveWrite = useSaveWrite();
  const online = useOnline();
  const snackbar = useSnackbar();
  /** What the agent hears once a write is kept: offline it waits on the device; one not kept is said too. */
  const said = (kept: boolean) => {
    if (!kept) snackbar(NOT_KEPT_TEXT, { tone: 'error' });
    else if (!online) snackbar(QUEUED_TEXT);
    return kept;
  };
  const [stageOpen, setStageOpen] = useState(false);
  const [noteOpen, setNoteOpen] = useState(false);
  useDaySync(agentId > 0 ? agentId : null);
  const waited = useWaited(OFFLINE_WAIT_MS, !detail.data);

  // A referral taken away (reassigned: 403) or gone (404) is not shown from the cache any more.
  const gone = detail.error instanceof ApiError && (detail.error.status === 403 || detail.error.status === 404);
  const unreachable =
    !online || detail.fetchStatus === 'paused' || isNetworkError(detail.failureReason) || isNetworkError(detail.error);
  if (!detail.data || gone) {
    return (
      <div className={styles.page}>
        <AgentNotices />
        {found === undefined ? (
          <QueryFailure thing="This referral" />
        ) : gone || (detail.isError && !unreachable) ? (
          <p className={styles.section}>{detail.error?.message}</p>
        ) : unreachable || waited ? (
          <NotKept agentId={agentId} refId={refId} offline={unreachable} />
        ) : (
          <Skeleton label="Loading referral" shape="record" />
        )}
        <Link href="/console/agent-followups" className={styles.link}>
          Back to follow-ups
        </Link>
      </div>
    );
  }
  const r: AgentReferralDetail = withQueued(detail.data, queued, detailWithStage);
  const name = personName(r.prospect.name.first, r.prospect.name.last, 'Not Available');
  const target = { agentId, referralId: r.id, referralName: name };
  const stageWaiting = queued.some((q) => q.write.kind === 'stage');
  const saved = notes.data?.content ?? [];
  const allNotes = [...justSaved.filter((n) => !saved.some((s) => s.id === n.id)), ...saved];

  return (
    <div className={styles.page}>
      <AgentNotices />
      <Link href="/console/agent-followups" className={styles.link}>
        Back to follow-ups
      </Link>
      {(!online || unreachable) && (
        <p className={styles.muted}>Saved copy from {formatDateTime(new Date(detail.dataUpdatedAt).toISOString())}</p>
      )}
      <section className={styles.section} aria-labelledby="referral-name">
        <h2 id="referral-name" className={styles.heading}>
          {name}
        </h2>
        <dl className={styles.dl}>
          <dt className={styles.dt}>Phone</dt>
          <dd className={styles.dd}>
            {r.phone ? (
              <a href={`tel:${r.phone}`} className={styles.link}>
                {formatPhone(r.phone)}
              </a>
            ) : (
              'Not Available'
            )}
          </dd>
          <dt className={styles.dt}>Email</dt>
          <dd className={styles.dd}>
            {r.email ? (
              <a href={`mailto:${r.email}`} className={styles.link}>
                {withBreakPoints(r.email)}
              </a>
            ) : (
              'Not Available'
            )}
          </dd>
          <dt className={styles.dt}>Type</dt>
          <dd className={styles.dd}>{r.type.charAt(0) + r.type.slice(1).toLowerCase()}</dd>
          <dt className={styles.dt}>Stage</dt>
          <dd className={styles.dd}>
            <span className={styles.stageLine}>
              <strong>{stageLabel(r.stage)}</strong>
              {stageWaiting && <Badge tone="warning">Waiting to sync</Badge>}
              {r.overdue && <Badge tone="danger">{daysText(r.daysOverdue)} overdue</Badge>}
            </span>
          </dd>
          {r.removalReason && (
            <>
              <dt className={styles.dt}>Removal reason</dt>
              <dd className={styles.dd}>{r.removalReason}</dd>
            </>
          )}
          {r.details.referralSale.dateOfSale && (
            <>
              <dt className={styles.dt}>{r.stage === 'UNDER_CONTRACT' ? 'Expected closing' : 'Date of sale'}</dt>
              <dd className={styles.dd}>{formatDay(r.details.referralSale.dateOfSale)}</dd>
            </>
          )}
          <dt className={styles.dt}>Last update</dt>
          <dd className={styles.dd}>{formatDateTime(r.updated)}</dd>
        </dl>
        <div className={styles.sectionActions}>
          {allowedMoves(r.type, r.stage).length > 0 && <Button onClick={() => setStageOpen(true)}>Update Stage</Button>}
          <Button variant="secondary" onClick={() => setNoteOpen(true)}>
            Add Note
          </Button>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="referral-notes">
        <h2 id="referral-notes" className={styles.sectionTitle}>
          Notes
        </h2>
        <NotesList notes={allNotes} queued={queued} />
      </section>
      <section className={styles.section} aria-labelledby="referral-history">
        <h2 id="referral-history" className={styles.sectionTitle}>
          History
        </h2>
        <EventsTimeline events={events.data?.content ?? []} />
      </section>
      {/* Each dialog closes once its write is in IndexedDB, and says so then, never before (decision 0079). */}
      <StageDialog
        open={stageOpen}
        onOpenChange={setStageOpen}
        type={r.type}
        stage={r.stage}
        onSave={(change) =>
          saveWrite(stageWrite(target, r.type, change), () => snackbar('Stage updated', { tone: 'success' })).then(said)
        }
      />
      <NoteDialog
        open={noteOpen}
        onOpenChange={setNoteOpen}
        onSave={(text) =>
          saveWrite(noteWrite(target, text), () => snackbar('Note added', { tone: 'success' })).then(said)
        }
      />
    </div>
  );
}
