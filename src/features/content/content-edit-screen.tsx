import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import {
  audiencesQueryOptions,
  contentHistoryQueryOptions,
  contentItemQueryOptions,
  patchContentItemWrite,
} from '../../api/assignments-content.ts';
import { useWrite } from '../../api/write.ts';
import {
  ContentItemPatch,
  type ContentAudience,
  type ContentItem,
  type ContentVersion,
} from '../../contract/content-items.ts';
import { codeLabel, enumLabel } from '../../contract/labels.ts';
import { fieldMaxLengths, maxDigitsOf } from '../../contract/limits.ts';
import { ruleText } from '../../lib/content-match.ts';
import { formatDateTime } from '../../lib/format.ts';
import { lineDiff } from '../../lib/line-diff.ts';
import { recordId } from '../../lib/record-params.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField, TextArea } from '../../ui/choice.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { RecordSkeleton, Skeleton } from '../../ui/skeleton.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import { schemaErrors, useForm, type FieldErrors } from '../../widgets/form.ts';
import * as css from './content.css.ts';

/** The server's limits (ContentItemPatch). */
const MAX = fieldMaxLengths(ContentItemPatch);
/** The fields of the edit form, named as ContentItemPatch names them (the server's refusals use these keys). */
const FIELD_KEYS = ['name', 'subject', 'body', 'audienceId', 'priority', 'note'] as const;
type FieldKey = (typeof FIELD_KEYS)[number];

interface Draft {
  name: string;
  subject: string;
  body: string;
  audienceId: string;
  priority: string;
  active: boolean;
  note: string;
}
const draftOf = (i: ContentItem): Draft => ({
  name: i.name,
  subject: i.subject ?? '',
  body: i.body,
  audienceId: i.audience ? String(i.audience.id) : '',
  priority: String(i.priority),
  active: i.active,
  note: '',
});
/** The PATCH body of a draft; an empty priority is no number, so the contract refuses it. */
const patchOf = (draft: Draft, i: ContentItem): ContentItemPatch => ({
  name: draft.name,
  body: draft.body,
  priority: draft.priority.trim() === '' ? Number.NaN : Number(draft.priority),
  active: draft.active,
  audienceId: draft.audienceId ? Number(draft.audienceId) : null,
  ...(i.usage.usageType === 'EMAIL_TEMPLATE' ? { subject: draft.subject || null } : {}),
  ...(draft.note.trim() ? { note: draft.note } : {}),
});

/** The text a version is compared by: its fields and body, one per line. */
const versionText = (v: ContentVersion) =>
  [
    `Name: ${v.name}`,
    `Audience: ${ruleText(v.audience)}`,
    `Priority: ${v.priority}`,
    `Active: ${v.active ? 'yes' : 'no'}`,
    ...(v.subject !== null ? [`Subject: ${v.subject}`] : []),
    '',
    v.body,
  ].join('\n');

function VersionDiff({ versions }: { versions: readonly ContentVersion[] }) {
  const [to, setTo] = useState(versions[0]?.version ?? 1);
  const [from, setFrom] = useState(versions[1]?.version ?? versions[0]?.version ?? 1);
  const a = versions.find((v) => v.version === from);
  const b = versions.find((v) => v.version === to);
  if (!a || !b) return null;
  const lines = lineDiff(versionText(a), versionText(b));
  return (
    <section aria-labelledby="diff-heading">
      <h3 id="diff-heading" className={styles.subheading}>
        Compare versions
      </h3>
      <div className={styles.toolbar}>
        <SelectField label="From version" value={String(from)} onChange={(e) => setFrom(Number(e.target.value))}>
          {versions.map((v) => (
            <option key={v.version} value={v.version}>
              {v.version}
            </option>
          ))}
        </SelectField>
        <SelectField label="To version" value={String(to)} onChange={(e) => setTo(Number(e.target.value))}>
          {versions.map((v) => (
            <option key={v.version} value={v.version}>
              {v.version}
            </option>
          ))}
        </SelectField>
      </div>
      <ul className={css.diff} aria-label={`Changes from version ${from} to version ${to}`}>
        {lines.map((l, i) => (
          <li key={i} className={css.diffLine[l.kind]}>
            {l.kind === 'added' ? '+ ' : l.kind === 'removed' ? '- ' : '  '}
            {l.kind !== 'same' && (
              <span className={visuallyHidden}>{l.kind === 'added' ? '(added) ' : '(removed) '}</span>
            )}
            {l.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Edit Content (content-search view/:id): save a new version, the history with a diff, restore an old version. */
export function ContentEditScreen({ params }: { params: Record<string, string> }) {
  const found = recordId(params['id']);
  const id = found ?? 0;
  const valid = found !== undefined;
  const item = useQuery({ ...contentItemQueryOptions(id), enabled: valid });
  const history = useQuery({ ...contentHistoryQueryOptions(id), enabled: valid });
  const audiences = useQuery(audiencesQueryOptions());
  const [restoring, setRestoring] = useState<ContentVersion | null>(null);
  const { form, errors, clear, formError: failure, check, refused } = useForm(FIELD_KEYS);
  const snackbar = useSnackbar();
  const save = useWrite(patchContentItemWrite(id), {
    onSuccess: (saved, body) => {
      snackbar(
        body.restoreVersion
          ? `Version ${body.restoreVersion} restored as version ${saved.version}.`
          : `Saved as version ${saved.version}.`,
        { tone: 'success' },
      );
      setRestoring(null);
      check({});
    },
    // A refusal of a field shows at that field; a restore's or the item's own above the form.
    onError: (err) => {
      refused(err);
      setRestoring(null);
    },
  });
  if (!valid || item.isError)
    return (
      <Page title="Edit Content">
        <QueryFailure thing="This content item" />
      </Page>
    );
  const i = item.data;
  if (!i) return <RecordSkeleton label="Loading content item" />;
  const versions = history.data?.content ?? [];
  return (
    <Page title="Edit Content">
      <div className={styles.stack}>
        <p>
          <Link href={pathTo('content-search')}>Back to Content Search</Link>
        </p>
        <Card aria-labelledby="item-heading">
          <h2 id="item-heading" className={styles.subheading}>
            {i.name}
          </h2>
          <DetailList
            items={[
              ['Usage type', enumLabel('usageType', i.usage.usageType)],
              ['Usage', codeLabel(i.usage.name)],
              ['Audience', ruleText(i.audience)],
              ['Version', i.version],
              ['Updated', formatDateTime(i.updated)],
            ]}
          />
        </Card>
        <div className={css.twoColumns}>
          <EditForm
            key={i.version}
            item={i}
            audiences={audiences.data?.content ?? []}
            busy={save.isPending}
            form={form}
            errors={errors}
            failure={failure}
            clear={clear}
            onSave={(body) => {
              if (check(schemaErrors<FieldKey>(ContentItemPatch, body))) save.mutate(body);
            }}
          />
          <Card aria-labelledby="history-heading">
            <h2 id="history-heading" className={styles.subheading}>
              History
            </h2>
            {history.isPending && <Skeleton label="Loading history" shape="record" />}
            {history.isError && <QueryFailure thing="The history" />}
            <ul className={styles.list} aria-label="Versions">
              {versions.map((v) => (
                <li key={v.version} className={styles.listItem}>
                  <strong>Version {v.version}</strong>
                  {v.version === i.version ? ' (current)' : ''}
                  <div className={styles.meta}>
                    {formatDateTime(v.created)} · {v.author ?? 'System'} · priority {v.priority}
                    {v.restoredFrom !== null ? ` · restored from version ${v.restoredFrom}` : ''}
                    {v.note ? ` · ${v.note}` : ''}
                  </div>
                  {v.version !== i.version && (
                    <Button variant="text" aria-label={`Restore version ${v.version}`} onClick={() => setRestoring(v)}>
                      Restore
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {versions.length > 1 && <VersionDiff key={versions[0]?.version} versions={versions} />}
          </Card>
        </div>
      </div>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(o) => {
          if (!o) setRestoring(null);
        }}
        title="Restore Version"
        description={`Version ${restoring?.version ?? ''} will be saved as a new version ${i.version + 1}.`}
        confirmLabel="Restore"
        busy={save.isPending}
        onConfirm={() => {
          if (restoring) save.mutate({ restoreVersion: restoring.version });
        }}
      />
    </Page>
  );
}

function EditForm({
  item: i,
  audiences,
  busy,
  form,
  errors,
  failure,
  clear,
  onSave,
}: {
  item: ContentItem;
  audiences: readonly ContentAudience[];
  busy: boolean;
  form: RefObject<HTMLFormElement | null>;
  errors: FieldErrors<FieldKey>;
  failure: string | undefined;
  clear: (k: FieldKey) => void;
  onSave: (body: ContentItemPatch) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(i));
  const set = <K extends keyof Draft>(k: K, value: Draft[K]) => {
    if ((FIELD_KEYS as readonly string[]).includes(k)) clear(k as FieldKey);
    setDraft((d) => ({ ...d, [k]: value }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(patchOf(draft, i));
  };
  return (
    <Card aria-labelledby="edit-heading">
      <h2 id="edit-heading" className={styles.subheading}>
        Edit (saves a new version)
      </h2>
      <form ref={form} onSubmit={submit} noValidate className={styles.stack}>
        {failure && (
          <p role="alert" className={styles.formError}>
            {failure}
          </p>
        )}
        <TextField
          label="Name"
          name="name"
          value={draft.name}
          maxLength={MAX['name']}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        {i.usage.usageType === 'EMAIL_TEMPLATE' && (
          <TextField
            label="Subject"
            name="subject"
            value={draft.subject}
            maxLength={MAX['subject']}
            error={errors.subject}
            onChange={(e) => set('subject', e.target.value)}
          />
        )}
        <TextArea
          label="Body"
          name="body"
          value={draft.body}
          rows={8}
          maxLength={MAX['body']}
          error={errors.body}
          onChange={(e) => set('body', e.target.value)}
        />
        <SelectField
          label="Audience"
          value={draft.audienceId}
          error={errors.audienceId}
          onChange={(e) => set('audienceId', e.target.value)}
        >
          <option value="">Everyone</option>
          {audiences.map((a) => (
            <option key={a.id} value={a.id}>
              {ruleText(a)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Priority"
          name="priority"
          value={draft.priority}
          inputMode="numeric"
          keyFilter="digits"
          maxLength={maxDigitsOf(ContentItemPatch.entries.priority)}
          error={errors.priority}
          hint="Among matches of the same specificity, the higher priority wins."
          onChange={(e) => set('priority', e.target.value)}
        />
        <label className={css.check}>
          <input type="checkbox" checked={draft.active} onChange={(e) => set('active', e.target.checked)} /> Active
        </label>
        <TextField
          label="Change note"
          name="note"
          value={draft.note}
          maxLength={MAX['note']}
          error={errors.note}
          onChange={(e) => set('note', e.target.value)}
        />
        <div>
          <Button type="submit" disabled={busy}>
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}
