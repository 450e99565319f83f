import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';

import { brokerageNamesQueryOptions } from '../../api/brokerages.ts';
import { sendSms, smsFormBody, smsPreflight, type SmsForm } from '../../api/bulk-sms.ts';
import { SMS_SUPPRESSIONS, SmsRequest, SUPPRESSION_LABELS, type SmsPreflight } from '../../contract/bulk-sms.ts';
import { OPPORTUNITY_STATUSES } from '../../contract/interviews.ts';
import { enumLabel } from '../../contract/labels.ts';
import { maxLengthOf } from '../../contract/limits.ts';
import { formatCount } from '../../lib/format.ts';
import { MERGE_FIELDS, smsSegments } from '../../lib/sms.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import { Button } from '../../ui/button.tsx';
import { RadioGroup, SelectField, TextArea } from '../../ui/choice.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { Card, Page, Spinner } from '../../ui/layout.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { refusalOf, schemaErrors, useForm } from '../../widgets/form.ts';
import { JobReport } from './job-report.tsx';
import { SendHistory } from './send-history.tsx';

const EMPTY: SmsForm = {
  message: '',
  source: 'NUMBERS',
  status: [],
  brokerageId: '',
  createdFrom: '',
  createdTo: '',
  numbers: '',
};
/** The composer's fields, named as SmsRequest names them (the server's refusals use these keys). */
const FIELD_KEYS = ['source', 'numbers', 'status', 'brokerageId', 'createdFrom', 'createdTo', 'message'] as const;
type FieldKey = (typeof FIELD_KEYS)[number];
/** The lengths the server admits (SmsRequest). */
const MESSAGE_MAX = maxLengthOf(SmsRequest.entries.message);
const NUMBERS_MAX = maxLengthOf(SmsRequest.entries.numbers);
const newKey = () =>
  (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(
    /[^A-Za-z0-9_-]/g,
    '',
  );

/**
 * Bulk SMS Send: recipients, text with merge fields and a segment counter, then the compliance
 * pre-flight (nothing is sent), then a confirm that starts the server's job. The job id sits in
 * the URL (?job=), so a reload shows its progress and per-recipient report instead of sending again.
 */
export function BulkSmsScreen() {
  const search = new URLSearchParams(useSearch());
  const jobId = Number(search.get('job'));
  const [, navigate] = useLocation();
  const roles = (useStore(profileStore, (p) => p.user?.roles) ?? []).map((r) => r.name);
  const canSend = roles.some((r) => r === 'ADMIN' || r === 'AGENT_ENGAGEMENT' || r === 'BROKERAGE_ADMIN');
  const staff = roles.some((r) => r === 'ADMIN' || r === 'AGENT_ENGAGEMENT');
  if (Number.isInteger(jobId) && jobId > 0) {
    return (
      <Page title="Bulk SMS Send">
        <JobReport id={jobId} canSend={canSend} onBack={() => navigate('/console/bulk-sms-send')} />
      </Page>
    );
  }
  // Every role the route admits reads the past sends (the server scopes them); a reader only reads.
  return (
    <Page title="Bulk SMS Send">
      <div className={styles.stack}>
        {canSend ? (
          <Composer staff={staff} onSent={(id) => navigate(`/console/bulk-sms-send?job=${id}`)} />
        ) : (
          <Card>
            <p>Your role can read the past sends and their reports, but not send.</p>
          </Card>
        )}
        <SendHistory />
      </div>
    </Page>
  );
}

function Composer({ staff, onSent }: { staff: boolean; onSent: (jobId: number) => void }) {
  const [form, setForm] = useState<SmsForm>(staff ? EMPTY : { ...EMPTY, source: 'OPPORTUNITIES' });
  const { form: formRef, errors, clear, formError: failure, check, refused } = useForm(FIELD_KEYS);
  const [sendFailure, setSendFailure] = useState<string>();
  const [checked, setChecked] = useState<{ result: SmsPreflight; key: string; form: SmsForm } | null>(null);
  const names = useQuery({ ...brokerageNamesQueryOptions(), enabled: staff });
  const set = (patch: Partial<SmsForm>) => {
    for (const k of Object.keys(patch) as FieldKey[]) clear(k);
    setForm((f) => ({ ...f, ...patch }));
    setChecked(null);
  };
  const segments = smsSegments(form.message);
  const preflight = useMutation({
    mutationFn: (f: SmsForm) => smsPreflight(f),
    onSuccess: (result, f) => {
      check({});
      setSendFailure(undefined);
      setChecked({ result, key: newKey(), form: f });
    },
    onError: refused,
  });
  // A send refused for its fields shows them in the composer; what else refuses it (every recipient
  // suppressed since the pre-flight, a lost connection) shows beside the send button.
  const send = useMutation({
    mutationFn: (c: { form: SmsForm; key: string }) => sendSms(c.form, c.key),
    retry: 2, // safe: the same Idempotency-Key answers the same job
    onSuccess: (job) => onSent(job.id),
    onError: (err) => {
      const { fields, formError } = refusalOf(err, FIELD_KEYS);
      if (Object.keys(fields).length > 0) check(fields);
      setSendFailure(formError);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (check(schemaErrors<FieldKey>(SmsRequest, smsFormBody(form)))) preflight.mutate(form);
  };
  return (
    <div className={styles.stack}>
      <Card>
        <form ref={formRef} onSubmit={submit} noValidate className={styles.stack} aria-label="Recipients and message">
          {failure && (
            <p role="alert" className={styles.formError}>
              {failure}
            </p>
          )}
          <h2 className={styles.subheading}>Recipients</h2>
          {staff && (
            <RadioGroup
              legend="Send to"
              name="source"
              value={form.source}
              onChange={(source) => set({ source })}
              error={errors.source}
              options={[
                { value: 'NUMBERS', label: 'A pasted list of numbers' },
                { value: 'OPPORTUNITIES', label: 'Opportunities' },
              ]}
            />
          )}
          {form.source === 'NUMBERS' ? (
            <TextArea
              label="Phone numbers (one per line)"
              name="numbers"
              rows={6}
              maxLength={NUMBERS_MAX}
              value={form.numbers}
              onChange={(e) => set({ numbers: e.target.value })}
              error={errors.numbers}
            />
          ) : (
            <div className={styles.inlineForm}>
              <SelectField
                label="Statuses"
                multiple
                size={5}
                value={form.status}
                error={errors.status}
                onChange={(e) => set({ status: [...e.target.selectedOptions].map((o) => o.value) })}
              >
                {OPPORTUNITY_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {enumLabel('opportunityStatus', s)}
                  </option>
                ))}
              </SelectField>
              {staff && (
                <SelectField
                  label="Brokerage"
                  value={form.brokerageId}
                  onChange={(e) => set({ brokerageId: e.target.value })}
                  error={errors.brokerageId}
                >
                  <option value="">All brokerages</option>
                  {(names.data ?? []).map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name}
                    </option>
                  ))}
                </SelectField>
              )}
              <TextField
                label="Created from"
                name="createdFrom"
                type="date"
                value={form.createdFrom}
                onChange={(e) => set({ createdFrom: e.target.value })}
                error={errors.createdFrom}
              />
              <TextField
                label="Created to"
                name="createdTo"
                type="date"
                value={form.createdTo}
                onChange={(e) => set({ createdTo: e.target.value })}
                error={errors.createdTo}
              />
            </div>
          )}
          <h2 className={styles.subheading}>Message</h2>
          <TextArea
            label="Message"
            name="message"
            rows={4}
            maxLength={MESSAGE_MAX}
            value={form.message}
            onChange={(e) => set({ message: e.target.value })}
            error={errors.message}
          />
          <p className={styles.meta} aria-live="polite">
            {`${formatCount(segments.units)} characters, ${segments.segments} ${segments.segments === 1 ? 'part' : 'parts'} (${segments.encoding}). Merge fields: ${MERGE_FIELDS.map((f) => `{${f}}`).join(', ')}; a fallback after a bar: {firstName|there}.`}
          </p>
          <div>
            <Button type="submit" disabled={preflight.isPending}>
              Run Pre-flight
            </Button>
          </div>
        </form>
      </Card>
      {preflight.isPending && <Spinner label="Checking recipients" />}
      {checked && (
        <Card>
          <Preflight result={checked.result} />
          {sendFailure && (
            <p role="alert" className={styles.formError}>
              {sendFailure}
            </p>
          )}
          <Button
            disabled={checked.result.sendable === 0 || send.isPending}
            onClick={() => {
              setSendFailure(undefined);
              send.mutate({ form: checked.form, key: checked.key });
            }}
          >
            {`Send to ${formatCount(checked.result.sendable)} recipients (${formatCount(checked.result.parts)} parts)`}
          </Button>
        </Card>
      )}
    </div>
  );
}

function Preflight({ result }: { result: SmsPreflight }) {
  return (
    <section aria-label="Pre-flight" className={styles.stack}>
      <h2 className={styles.subheading}>Pre-flight: nothing has been sent</h2>
      <DetailList
        items={[
          ['Recipients', formatCount(result.total)],
          ['To send', formatCount(result.sendable)],
          ['Suppressed', formatCount(result.suppressed)],
          ...SMS_SUPPRESSIONS.map((r) => [SUPPRESSION_LABELS[r], formatCount(result.byReason[r])] as const),
          ['SMS parts', formatCount(result.parts)],
        ]}
      />
      {result.sample && (
        <p>
          <span className={styles.meta}>First message: </span>
          {result.sample}
        </p>
      )}
      {result.warnings.map((w) => (
        <p key={w} role="alert" className={styles.formError}>
          {w}
        </p>
      ))}
      {result.suppressedList.length > 0 && (
        <DataTable
          label="Suppressed recipients"
          rows={result.suppressedList.slice(0, 100)}
          rowKey={(r) => r.position}
          columns={[
            { key: 'line', header: 'Line', cell: (r) => r.position },
            { key: 'phone', header: 'Number', cell: (r) => r.phone || '-' },
            { key: 'name', header: 'Name', cell: (r) => r.name ?? '-' },
            { key: 'reason', header: 'Reason', cell: (r) => SUPPRESSION_LABELS[r.reason] },
          ]}
        />
      )}
      {result.suppressed > 100 && (
        <p
          className={styles.meta}
        >{`The first 100 of ${formatCount(result.suppressed)} suppressed recipients are listed.`}</p>
      )}
    </section>
  );
}
