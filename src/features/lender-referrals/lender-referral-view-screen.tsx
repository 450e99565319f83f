import { withBreakPoints } from '../../ui/break-points.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { userTypeOf } from '../../access/navigation.ts';
import {
  activeOfficersQueryOptions, addLenderReferralNote, assignLoanOfficer, lenderConsoleKeys, lenderReferralQueryOptions, moveLenderStep, refreshLenderData,
} from '../../api/lender-console.ts';
import { serverMessage } from '../../api/staff.ts';
import { LenderStatusChange, type LenderReferralDetail, type LenderReferralEvent } from '../../contract/lender-referrals.ts';
import { LENDER_STEP_LABELS, LOST_REASONS, type LenderStep } from '../../lib/lender-steps.ts';
import { formatCents, formatDate, formatDateTime, personName } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { useStore } from '../../session/persisted-store.ts';
import { useAddRecentlyViewed } from '../../session/recently-viewed.ts';
import { impersonationStore, profileStore } from '../../session/state.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { NotesPanel } from '../../ui/notes-panel.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { enumLabel, codeLabel } from '../../contract/labels.ts';
import { RecordSkeleton } from '../../ui/skeleton.tsx';
import { schemaErrors } from '../../ui/checked-form.ts';
import { formFailureText, serverFieldErrors, useFieldErrors } from '../../ui/form-errors.ts';

const label = (s: string | null) => (s ? LENDER_STEP_LABELS[s as LenderStep] ?? codeLabel(s) : '-');

/** One line of the referral's history. */
export function eventText(e: LenderReferralEvent): string {
  switch (e.type) {
    case 'RECEIVED': return 'Referral received';
    case 'ASSIGNED': return `${e.detail === 'Reassigned' ? 'Reassigned' : 'Assigned'} to ${e.loanOfficer ?? 'a loan officer'}`;
    case 'UNASSIGNED': return `Unassigned from ${e.loanOfficer ?? 'a loan officer'}${e.detail ? ` (${e.detail})` : ''}`;
    default: return `${label(e.fromStatus)} → ${label(e.toStatus)}${e.detail ? ` (${e.detail})` : ''}`;
  }
}

function AssignControl({ referral }: { referral: LenderReferralDetail }) {
  const officers = useQuery(activeOfficersQueryOptions());
  const [choice, setChoice] = useState(referral.loanOfficer ? String(referral.loanOfficer.id) : '');
  const form = useRef<HTMLFormElement>(null);
  const { errors, show, clear } = useFieldErrors<'loanOfficerId'>(form);
  const [formError, setFormError] = useState<string>();
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const assign = useMutation({
    mutationFn: () => assignLoanOfficer(referral.id, choice ? Number(choice) : null),
    onSuccess: (r) => {
      client.setQueryData(lenderConsoleKeys.referral(r.id), r);
      void refreshLenderData(client);
      snackbar(r.loanOfficer ? `Assigned to ${r.loanOfficer.name}.` : 'The referral is unassigned.', { tone: 'success' });
    },
    // Every option is valid when shown; an officer deactivated since is refused at the field, in words.
    onError: (err) => {
      const { fields, other } = serverFieldErrors(err, ['loanOfficerId'] as const);
      show(fields);
      setFormError([formFailureText(err), ...other].filter(Boolean).join(' ') || undefined);
    },
  });
  const current = referral.loanOfficer ? String(referral.loanOfficer.id) : '';
  const submit = (e: FormEvent) => { e.preventDefault(); show({}); setFormError(undefined); assign.mutate(); };
  return (
    <form ref={form} className={styles.inlineForm} onSubmit={submit} noValidate>
      {formError && <p role="alert" className={styles.formError}>{formError}</p>}
      <SelectField label="Loan Officer" name="loanOfficerId" value={choice} error={errors.loanOfficerId}
        onChange={(e) => { clear('loanOfficerId'); setChoice(e.target.value); }}>
        <option value="">Unassigned</option>
        {(officers.data?.content ?? []).map((o) => <option key={o.id} value={String(o.id)}>{personName(o.firstName, o.lastName)}</option>)}
        {referral.loanOfficer && referral.loanOfficer.status !== 'ACTIVE' && <option value={current}>{referral.loanOfficer.name} (inactive)</option>}
      </SelectField>
      <Button type="submit" disabled={assign.isPending || choice === current}>{referral.loanOfficer ? 'Reassign' : 'Assign'}</Button>
    </form>
  );
}

function StepControl({ referral }: { referral: LenderReferralDetail }) {
  const [losing, setLosing] = useState(false);
  const [reason, setReason] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const { errors, show, clear } = useFieldErrors<'reason'>(form);
  const [formError, setFormError] = useState<string>();
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const close = (open: boolean) => { if (!open) { show({}); setFormError(undefined); } setLosing(open); };
  const move = useMutation({
    mutationFn: (body: { status: LenderStep; reason?: (typeof LOST_REASONS)[number] }) => moveLenderStep(referral.id, body),
    onSuccess: (r) => {
      client.setQueryData(lenderConsoleKeys.referral(r.id), r);
      void refreshLenderData(client);
      snackbar(`Moved to ${LENDER_STEP_LABELS[r.status]}.`, { tone: 'success' });
      close(false);
    },
    onError: (err, body) => {
      if (body.status !== 'LOST') { snackbar(serverMessage(err), { tone: 'error' }); return; }
      // In the Not Proceeding dialog: the reason's refusal beside it, the rest above it.
      const { fields, other } = serverFieldErrors(err, ['reason'] as const);
      show(fields);
      setFormError([formFailureText(err), ...other].filter(Boolean).join(' ') || undefined);
    },
  });
  const lose = (e: FormEvent) => {
    e.preventDefault();
    const body = { status: 'LOST' as const, ...(reason ? { reason: reason as (typeof LOST_REASONS)[number] } : {}) };
    // The contract's rule: a referral leaves as Not Proceeding only with one of the reasons.
    const found = schemaErrors<LenderStatusChange>(LenderStatusChange, body);
    show(found);
    setFormError(undefined);
    if (Object.keys(found).length === 0) move.mutate(body);
  };
  if (referral.nextSteps.length === 0) return <p className={styles.meta}>A closed loan is final.</p>;
  return (
    <>
      <div className={styles.chips} role="group" aria-label="Move to step">
        {referral.nextSteps.map((s) => (
          <Button key={s} variant={s === 'LOST' ? 'text' : 'secondary'} disabled={move.isPending}
            onClick={() => (s === 'LOST' ? setLosing(true) : move.mutate({ status: s }))}>
            {`Move to ${LENDER_STEP_LABELS[s]}`}
          </Button>
        ))}
      </div>
      <Dialog open={losing} onOpenChange={close} title="Not Proceeding">
        <form ref={form} onSubmit={lose} noValidate>
          {formError && <p role="alert" className={styles.formError}>{formError}</p>}
          <SelectField label="Reason" name="reason" value={reason} error={errors.reason} onChange={(e) => { clear('reason'); setReason(e.target.value); }}>
            <option value="">Choose a reason</option>
            {LOST_REASONS.map((r) => <option key={r} value={r}>{r}</option>)}
          </SelectField>
          <div className={styles.toolbar}>
            <span className={styles.toolbarSpacer} />
            <Button variant="text" onClick={() => close(false)}>Cancel</Button>
            <Button type="submit" disabled={move.isPending}>Save</Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** One lender referral (lender-referrals view/:id): buyer, agent, history, notes; assign and move steps. */
export function LenderReferralViewScreen({ params }: { params: Record<string, string> }) {
  const id = Number(params['id']);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...lenderReferralQueryOptions(id), enabled: valid });
  const roles = useStore(profileStore, (p) => p.user?.roles ?? []);
  const impersonating = useStore(impersonationStore, (i) => i?.target.kind ?? null);
  const writer = userTypeOf({ roles, impersonating }) === 'lender';
  const client = useQueryClient();
  const r = query.data;
  const buyer = r ? personName(r.buyer.first, r.buyer.last, 'Not Available') : undefined;
  useAddRecentlyViewed('lenderReferrals', r && buyer ? { id: r.id, label: buyer } : undefined);
  if (!valid || query.isError) return <Page title="Referral"><p role="alert">This referral could not be loaded.</p></Page>;
  if (!r || !buyer) return <RecordSkeleton label="Loading referral" />;
  const addNote = async (body: string) => {
    await addLenderReferralNote(r.id, body);
    await client.invalidateQueries({ queryKey: lenderConsoleKeys.referral(r.id) });
  };
  return (
    <Page title={buyer}>
      <div className={styles.stack}>
        <Card>
          <div className={styles.headerRow}><h2 className={styles.heading}>{buyer}</h2></div>
          <DetailList items={[
            ['Status', LENDER_STEP_LABELS[r.status]],
            ['Phone', r.buyerContact.phone ? <a href={`tel:${r.buyerContact.phone}`}>{formatPhone(r.buyerContact.phone)}</a> : '-'],
            ['Email', r.buyerContact.email ? <a href={`mailto:${r.buyerContact.email}`}>{withBreakPoints(r.buyerContact.email)}</a> : '-'],
            ['Type', enumLabel('referralType', r.type)], ['Transfer', enumLabel('opportunityStatus', r.opportunityStatus)],
            ['Received', formatDateTime(r.received)], ['First Contact', formatDateTime(r.firstContact)],
            ['Loan Amount', formatCents(r.loanAmountCents)], ...(r.lostReason ? [['Reason', r.lostReason] as const] : []),
            ...(r.closed ? [['Closed', formatDate(r.closed)] as const] : []),
          ]} />
        </Card>
        <Card>
          <h2 className={styles.subheading}>Agent</h2>
          <DetailList items={[
            ['Agent', r.agent?.name ?? '-'], ['Brokerage', r.brokerage.name],
            ['Agent Phone', r.agentContact?.phone ? formatPhone(r.agentContact.phone) : '-'], ['Agent Email', r.agentContact?.email ?? '-'],
          ]} />
        </Card>
        <Card>
          <h2 className={styles.subheading}>Loan Officer</h2>
          {writer ? <AssignControl key={r.loanOfficer?.id ?? 'none'} referral={r} /> : <p>{r.loanOfficer?.name ?? 'Unassigned'}</p>}
        </Card>
        {writer && (
          <Card>
            <h2 className={styles.subheading}>Next Step</h2>
            <StepControl referral={r} />
          </Card>
        )}
        <Card>
          <h2 className={styles.subheading}>History</h2>
          <ul className={styles.list} aria-label="History">
            {r.history.map((e) => (
              <li key={e.id} className={styles.listItem}>
                <p>{eventText(e)}</p>
                <span className={styles.meta}>{[e.actor, formatDateTime(e.created)].filter(Boolean).join(' · ')}</span>
              </li>
            ))}
          </ul>
        </Card>
        <Card>
          <h2 className={styles.subheading}>Notes</h2>
          <NotesPanel notes={r.notes.map((n) => ({ id: n.id, body: n.body, author: n.author.name, created: n.created }))}
            onAdd={writer ? addNote : undefined} formatTime={formatDateTime} />
        </Card>
      </div>
    </Page>
  );
}
