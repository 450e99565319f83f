import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { userTypeOf } from '../../access/navigation.ts';
import {
  activeOfficersQueryOptions,
  addLenderReferralNoteWrite,
  assignLoanOfficerWrite,
  lenderReferralQueryOptions,
  moveLenderStepWrite,
} from '../../api/lender-console.ts';
import { serverMessage } from '../../api/staff.ts';
import { useWrite } from '../../api/write.ts';
import { codeLabel, enumLabel } from '../../contract/labels.ts';
import {
  LenderStatusChange,
  type LenderReferralDetail,
  type LenderReferralEvent,
} from '../../contract/lender-referrals.ts';
import { formatCents, formatDate, formatDateTime, parseDollarsToCents, personName } from '../../lib/format.ts';
import { LENDER_STEP_LABELS, LOST_REASONS, type LenderStep } from '../../lib/lender-steps.ts';
import { recordId } from '../../lib/record-params.ts';
import { formatPhone } from '../../lib/validation.ts';
import { useStore } from '../../session/persisted-store.ts';
import { useAddRecentlyViewed } from '../../session/recently-viewed.ts';
import { impersonationStore, profileStore } from '../../session/state.ts';
import { withBreakPoints } from '../../ui/break-points.tsx';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Card } from '../../ui/layout.tsx';
import { RecordScreen } from '../../ui/record-screen.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { schemaErrors, useForm, type FieldErrors } from '../../widgets/form.ts';
import { NotesPanel } from '../../widgets/notes-panel.tsx';

const label = (s: string | null) => (s ? (LENDER_STEP_LABELS[s as LenderStep] ?? codeLabel(s)) : '-');

/** One line of the referral's history. */
export function eventText(e: LenderReferralEvent): string {
  switch (e.type) {
    case 'RECEIVED':
      return 'Referral received';
    case 'ASSIGNED':
      return `${e.detail === 'Reassigned' ? 'Reassigned' : 'Assigned'} to ${e.loanOfficer ?? 'a loan officer'}`;
    case 'UNASSIGNED':
      return `Unassigned from ${e.loanOfficer ?? 'a loan officer'}${e.detail ? ` (${e.detail})` : ''}`;
    default:
      return `${label(e.fromStatus)} → ${label(e.toStatus)}${e.detail ? ` (${e.detail})` : ''}`;
  }
}

function AssignControl({ referral }: { referral: LenderReferralDetail }) {
  const officers = useQuery(activeOfficersQueryOptions());
  const [choice, setChoice] = useState(referral.loanOfficer ? String(referral.loanOfficer.id) : '');
  const { form, errors, clear, formError, check, refused } = useForm(['loanOfficerId']);
  const snackbar = useSnackbar();
  const final = referral.nextSteps.length === 0;
  const previous = referral.loanOfficer?.id ?? null;
  const assignBack = useWrite(assignLoanOfficerWrite(referral.id));
  const assign = useWrite(assignLoanOfficerWrite(referral.id), {
    onSuccess: (r, officer) => {
      // Taking an assignment back is one more assignment: Undo puts the officer before it back.
      const undo =
        officer !== previous
          ? {
              action: {
                label: 'Undo',
                run: () => {
                  assignBack.mutateAsync(previous).then(
                    (back) => {
                      snackbar(
                        back.loanOfficer
                          ? `Assigned back to ${back.loanOfficer.name}.`
                          : 'The referral is unassigned again.',
                        { tone: 'success' },
                      );
                    },
                    (err: unknown) => snackbar(serverMessage(err), { tone: 'error' }),
                  );
                },
              },
            }
          : {};
      snackbar(r.loanOfficer ? `Assigned to ${r.loanOfficer.name}.` : 'The referral is unassigned.', {
        tone: 'success',
        ...undo,
      });
    },
    // Every option is valid when shown; an officer deactivated since is refused at the field, in words.
    onError: refused,
  });
  const current = referral.loanOfficer ? String(referral.loanOfficer.id) : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    check({});
    assign.mutate(choice ? Number(choice) : null);
  };
  if (final)
    return (
      <p>
        {referral.loanOfficer?.name ?? 'Unassigned'} <span className={styles.meta}>(a closed loan is final)</span>
      </p>
    );
  return (
    <form ref={form} className={styles.inlineForm} onSubmit={submit} noValidate>
      {formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      <SelectField
        label="Loan Officer"
        name="loanOfficerId"
        value={choice}
        error={errors.loanOfficerId}
        onChange={(e) => {
          clear('loanOfficerId');
          setChoice(e.target.value);
        }}
      >
        <option value="">Unassigned</option>
        {(officers.data?.content ?? []).map((o) => (
          <option key={o.id} value={String(o.id)}>
            {personName(o.firstName, o.lastName)}
          </option>
        ))}
        {referral.loanOfficer && referral.loanOfficer.status !== 'ACTIVE' && (
          <option value={current}>{referral.loanOfficer.name} (inactive)</option>
        )}
      </SelectField>
      <Button type="submit" disabled={assign.isPending || choice === current}>
        {referral.loanOfficer ? 'Reassign' : 'Assign'}
      </Button>
    </form>
  );
}

/** Today as YYYY-MM-DD in the reader's own zone (the latest closing date the form offers). */
const todayIso = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

const MOVE_KEYS = ['reason', 'loanAmountCents', 'closedOn'] as const;
type MoveKey = (typeof MOVE_KEYS)[number];
type Move = { status: LenderStep; reason?: (typeof LOST_REASONS)[number]; loanAmountCents?: number; closedOn?: string };

/**
 * The next step: the step after the current one is the primary button; later steps (a loan officer may
 * learn of several at once) are secondary under "Skip ahead"; Loan Closed, which is final, asks first
 * with the loan amount and closing date; Not Proceeding asks for its reason.
 */
function StepControl({ referral }: { referral: LenderReferralDetail }) {
  const [dialog, setDialog] = useState<'LOST' | 'CLOSED' | null>(null);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState(referral.loanAmountCents ? String(referral.loanAmountCents / 100) : '');
  const [closedOn, setClosedOn] = useState(todayIso());
  const { form, errors, clear, formError, check, refused } = useForm(MOVE_KEYS);
  const snackbar = useSnackbar();
  const close = (open: boolean) => {
    if (!open) {
      check({});
      setDialog(null);
    }
  };
  const move = useWrite(moveLenderStepWrite(referral.id), {
    onSuccess: (r) => {
      snackbar(`Moved to ${LENDER_STEP_LABELS[r.status]}.`, { tone: 'success' });
      close(false);
    },
    onError: (err, body) => {
      if (body.status !== 'LOST' && body.status !== 'CLOSED') {
        snackbar(serverMessage(err), { tone: 'error' });
        return;
      }
      // In the dialog: each refusal beside its field, the rest above them.
      refused(err);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = parseDollarsToCents(amount);
    const body: Move =
      dialog === 'LOST'
        ? { status: 'LOST', ...(reason ? { reason: reason as (typeof LOST_REASONS)[number] } : {}) }
        : {
            status: 'CLOSED',
            ...(cents !== undefined ? { loanAmountCents: cents } : {}),
            ...(closedOn ? { closedOn } : {}),
          };
    // The contract's rules: Not Proceeding needs a reason, Loan Closed an amount and a closing date.
    const found: FieldErrors<MoveKey> = schemaErrors<MoveKey>(LenderStatusChange, body);
    if (dialog === 'CLOSED' && amount.trim() && cents === undefined)
      found.loanAmountCents = 'Enter the loan amount in dollars, such as 250000';
    if (dialog === 'CLOSED' && closedOn > todayIso()) found.closedOn = 'The closing date cannot be in the future';
    if (check(found)) move.mutate(body);
  };
  if (referral.nextSteps.length === 0) return <p className={styles.meta}>A closed loan is final.</p>;
  const forward = referral.nextSteps.filter((s) => s !== 'LOST');
  const [next, ...later] = forward;
  const act = (s: LenderStep) => (s === 'LOST' || s === 'CLOSED' ? setDialog(s) : move.mutate({ status: s }));
  const stepButton = (s: LenderStep, variant: 'primary' | 'secondary') => (
    <Button key={s} variant={variant} disabled={move.isPending} onClick={() => act(s)}>
      {s === 'CLOSED' ? `Move to ${LENDER_STEP_LABELS[s]}…` : `Move to ${LENDER_STEP_LABELS[s]}`}
    </Button>
  );
  return (
    <>
      <div className={styles.stack}>
        <div className={styles.chips} role="group" aria-label="Next step">
          {next && stepButton(next, 'primary')}
          {referral.nextSteps.includes('LOST') && (
            <Button
              variant="text"
              disabled={move.isPending}
              onClick={() => act('LOST')}
            >{`Move to ${LENDER_STEP_LABELS.LOST}…`}</Button>
          )}
        </div>
        {later.length > 0 && (
          <div className={styles.chips} role="group" aria-label="Skip ahead">
            <span className={styles.meta}>Skip ahead:</span>
            {later.map((s) => stepButton(s, 'secondary'))}
          </div>
        )}
      </div>
      <Dialog
        open={dialog !== null}
        onOpenChange={close}
        title={dialog === 'CLOSED' ? 'Loan Closed' : 'Not Proceeding'}
        description={
          dialog === 'CLOSED'
            ? 'A closed loan is final: its step and loan officer cannot change afterwards.'
            : undefined
        }
      >
        <form ref={form} onSubmit={submit} noValidate>
          {formError && (
            <p role="alert" className={styles.formError}>
              {formError}
            </p>
          )}
          {dialog === 'LOST' && (
            <SelectField
              label="Reason"
              name="reason"
              value={reason}
              error={errors.reason}
              onChange={(e) => {
                clear('reason');
                setReason(e.target.value);
              }}
            >
              <option value="">Choose a reason</option>
              {LOST_REASONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </SelectField>
          )}
          {dialog === 'CLOSED' && (
            <>
              <TextField
                label="Loan Amount (USD)"
                name="loanAmountCents"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                error={errors.loanAmountCents}
                onChange={(e) => {
                  clear('loanAmountCents');
                  setAmount(e.target.value);
                }}
              />
              <TextField
                label="Closing Date"
                name="closedOn"
                type="date"
                max={todayIso()}
                value={closedOn}
                error={errors.closedOn}
                onChange={(e) => {
                  clear('closedOn');
                  setClosedOn(e.target.value);
                }}
              />
            </>
          )}
          <div className={styles.toolbar}>
            <span className={styles.toolbarSpacer} />
            <Button variant="text" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={move.isPending}>
              {dialog === 'CLOSED' ? 'Close Loan' : 'Save'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** One lender referral (lender-referrals view/:id): buyer, agent, history, notes; assign and move steps. */
export function LenderReferralViewScreen({ params }: { params: Record<string, string> }) {
  const found = recordId(params['id']);
  const id = found ?? 0;
  const valid = found !== undefined;
  const query = useQuery({ ...lenderReferralQueryOptions(id), enabled: valid });
  const roles = useStore(profileStore, (p) => p.user?.roles ?? []);
  const impersonating = useStore(impersonationStore, (i) => i?.target.kind ?? null);
  const writer = userTypeOf({ roles, impersonating }) === 'lender';
  const note = useWrite(addLenderReferralNoteWrite(id));
  const r = query.data;
  useAddRecentlyViewed(
    'lenderReferrals',
    r ? { id: r.id, label: personName(r.buyer.first, r.buyer.last, 'Not Available') } : undefined,
  );
  const addNote = async (body: string) => {
    await note.mutateAsync(body);
  };
  return (
    <RecordScreen
      found={valid}
      query={query}
      noun="referral"
      failureTitle="Referral"
      title={(r) => personName(r.buyer.first, r.buyer.last, 'Not Available')}
      more={(r) => (
        <>
          <Card>
            <h2 className={styles.subheading}>Agent</h2>
            <DetailList
              items={[
                ['Agent', r.agent?.name ?? '-'],
                ['Brokerage', r.brokerage.name],
                ['Agent Phone', r.agentContact?.phone ? formatPhone(r.agentContact.phone) : '-'],
                ['Agent Email', r.agentContact?.email ?? '-'],
              ]}
            />
          </Card>
          <Card>
            <h2 className={styles.subheading}>Loan Officer</h2>
            {writer ? (
              <AssignControl key={r.loanOfficer?.id ?? 'none'} referral={r} />
            ) : (
              <p>{r.loanOfficer?.name ?? 'Unassigned'}</p>
            )}
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
                  <span className={styles.meta}>
                    {[e.actor, formatDateTime(e.created)].filter(Boolean).join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
          <Card>
            <h2 className={styles.subheading}>Notes</h2>
            <NotesPanel
              notes={r.notes.map((n) => ({ id: n.id, body: n.body, author: n.author.name, created: n.created }))}
              onAdd={writer ? addNote : undefined}
              formatTime={formatDateTime}
            />
          </Card>
        </>
      )}
    >
      {(r) => (
        <DetailList
          items={[
            ['Status', LENDER_STEP_LABELS[r.status]],
            [
              'Phone',
              r.buyerContact.phone ? (
                <a href={`tel:${r.buyerContact.phone}`}>{formatPhone(r.buyerContact.phone)}</a>
              ) : (
                '-'
              ),
            ],
            [
              'Email',
              r.buyerContact.email ? (
                <a href={`mailto:${r.buyerContact.email}`}>{withBreakPoints(r.buyerContact.email)}</a>
              ) : (
                '-'
              ),
            ],
            ['Type', enumLabel('referralType', r.type)],
            ['Transfer', enumLabel('opportunityStatus', r.opportunityStatus)],
            ['Received', formatDateTime(r.received)],
            ['First Contact', formatDateTime(r.firstContact)],
            ['Loan Amount', formatCents(r.loanAmountCents)],
            ...(r.lostReason ? [['Reason', r.lostReason] as const] : []),
            ...(r.closed ? [['Closed', formatDate(r.closed)] as const] : []),
          ]}
        />
      )}
    </RecordScreen>
  );
}
