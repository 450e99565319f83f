import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { saveAnnouncementWrite } from '../../api/announcement-editor.ts';
import { brokerageNamesQueryOptions } from '../../api/brokerages.ts';
import { useWrite } from '../../api/write.ts';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_PRODUCT_FAMILIES,
  ANNOUNCEMENT_STATUSES,
  AnnouncementCreateBody,
  AnnouncementFields,
  type AnnouncementAudience,
  type AnnouncementState,
  type ManagedAnnouncement,
} from '../../contract/announcements.ts';
import { fieldMaxLengths } from '../../contract/limits.ts';
import { productFamilyLabel } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { CheckboxGroup } from '../../ui/checkbox-group.tsx';
import { SelectField, TextArea } from '../../ui/choice.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { mutedText } from '../../ui/layout.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { ruleError, useForm, type FieldErrors } from '../../widgets/form.ts';
import { AUDIENCE_LABELS, localInput, STATUS_LABELS } from './announcement-labels.ts';

interface Form {
  title: string;
  body: string;
  priority: 'NORMAL' | 'HIGH';
  audience: AnnouncementAudience;
  brokerageIds: string[];
  productFamily: string;
  status: AnnouncementState;
  publishAt: string;
  expiresAt: string;
}
const FIELD_KEYS = [
  'title',
  'body',
  'priority',
  'audience',
  'brokerageIds',
  'productFamily',
  'status',
  'publishAt',
  'expiresAt',
] as const satisfies readonly (keyof Form)[];
/** The server's limits (AnnouncementCreateBody). */
const MAX = fieldMaxLengths(AnnouncementCreateBody);

const formOf = (a: ManagedAnnouncement | null, brokerMode: boolean): Form => ({
  title: a?.title ?? '',
  body: a?.body ?? '',
  priority: a?.priority ?? 'NORMAL',
  audience: a?.audience ?? (brokerMode ? 'AGENTS' : 'ALL_BROKERAGES'),
  brokerageIds: a?.brokerages.map((b) => String(b.id)) ?? [],
  productFamily: a?.productFamily ?? '',
  status: a?.status ?? 'DRAFT',
  publishAt: localInput(a?.publishAt ?? new Date().toISOString()),
  expiresAt: localInput(a?.expiresAt ?? null),
});

function errorsOf(f: Form, brokerMode: boolean): FieldErrors<keyof Form> {
  const e: FieldErrors<keyof Form> = {};
  const title = ruleError(AnnouncementFields.title, f.title);
  if (title) e.title = title;
  const body = ruleError(AnnouncementFields.body, f.body);
  if (body) e.body = body;
  if (!brokerMode && f.audience === 'BROKERAGE' && f.brokerageIds.length === 0)
    e.brokerageIds = 'Choose at least one brokerage';
  if (f.audience === 'PRODUCT_FAMILY' && !f.productFamily) e.productFamily = 'Choose a product family';
  if (!f.publishAt) e.publishAt = 'Choose when it is published';
  if (f.expiresAt && f.publishAt && new Date(f.expiresAt) <= new Date(f.publishAt))
    e.expiresAt = 'The expiry must be after the publish date';
  return e;
}

/** Create or edit one announcement: title, message, priority, audience, publish and expiry dates, state. */
export function AnnouncementDialog({
  announcement,
  brokerMode,
  onClose,
}: {
  announcement: ManagedAnnouncement | null;
  brokerMode: boolean;
  onClose: () => void;
}) {
  const [form, setForm] = useState(() => formOf(announcement, brokerMode));
  const { form: ref, errors, clear, formError: failure, check, refused } = useForm(FIELD_KEYS);
  const snackbar = useSnackbar();
  const brokerages = useQuery({
    ...brokerageNamesQueryOptions(),
    enabled: !brokerMode && (form.audience === 'BROKERAGE' || form.audience === 'AGENTS'),
  });
  const save = useWrite(saveAnnouncementWrite(announcement?.id), {
    onSuccess: (a) => {
      snackbar(`“${a.title}” was saved.`);
      onClose();
    },
    onError: refused,
  });
  const set = <K extends keyof Form>(k: K, value: Form[K]) => {
    clear(k);
    setForm((f) => ({ ...f, [k]: value }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!check(errorsOf(form, brokerMode))) return;
    const listsBrokerages = !brokerMode && (form.audience === 'BROKERAGE' || form.audience === 'AGENTS');
    save.mutate({
      title: form.title.trim(),
      body: form.body.trim(),
      priority: form.priority,
      audience: brokerMode ? 'AGENTS' : form.audience,
      brokerageIds: listsBrokerages ? form.brokerageIds.map(Number) : [],
      productFamily:
        form.audience === 'PRODUCT_FAMILY'
          ? (form.productFamily as (typeof ANNOUNCEMENT_PRODUCT_FAMILIES)[number])
          : null,
      status: form.status,
      publishAt: new Date(form.publishAt).toISOString(),
      expiresAt: form.expiresAt ? new Date(form.expiresAt).toISOString() : null,
    });
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      wide
      title={announcement ? 'Edit Announcement' : 'New Announcement'}
      description={
        brokerMode
          ? 'Your agents see it in the agent app once it is published.'
          : 'Its audience sees it once it is published, until it expires.'
      }
    >
      <form ref={ref} onSubmit={submit} noValidate>
        {failure && (
          <p role="alert" className={styles.formError}>
            {failure}
          </p>
        )}
        <TextField
          label="Title"
          name="title"
          value={form.title}
          error={errors.title}
          maxLength={MAX.title}
          onChange={(e) => set('title', e.target.value)}
        />
        <TextArea
          label="Message"
          name="body"
          value={form.body}
          error={errors.body}
          maxLength={MAX.body}
          onChange={(e) => set('body', e.target.value)}
        />
        <SelectField
          label="Priority"
          value={form.priority}
          onChange={(e) => set('priority', e.target.value as Form['priority'])}
        >
          <option value="NORMAL">Normal</option>
          <option value="HIGH">High</option>
        </SelectField>
        {brokerMode ? (
          <p className={mutedText}>Audience: your brokerage&apos;s agents.</p>
        ) : (
          <SelectField
            label="Audience"
            value={form.audience}
            onChange={(e) => set('audience', e.target.value as AnnouncementAudience)}
          >
            {ANNOUNCEMENT_AUDIENCES.map((a) => (
              <option key={a} value={a}>
                {AUDIENCE_LABELS[a]}
              </option>
            ))}
          </SelectField>
        )}
        {!brokerMode && (form.audience === 'BROKERAGE' || form.audience === 'AGENTS') && (
          <CheckboxGroup
            legend={form.audience === 'AGENTS' ? 'Agents of (none: every agent)' : 'Brokerages'}
            value={form.brokerageIds}
            onChange={(ids) => set('brokerageIds', ids)}
            error={errors.brokerageIds}
            options={(brokerages.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
          />
        )}
        {form.audience === 'PRODUCT_FAMILY' && (
          <SelectField
            label="Product Family"
            value={form.productFamily}
            error={errors.productFamily}
            onChange={(e) => set('productFamily', e.target.value)}
          >
            <option value="">Choose a product family</option>
            {ANNOUNCEMENT_PRODUCT_FAMILIES.map((p) => (
              <option key={p} value={p}>
                {productFamilyLabel(p)}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label="Publish At"
          type="datetime-local"
          value={form.publishAt}
          error={errors.publishAt}
          onChange={(e) => set('publishAt', e.target.value)}
        />
        <TextField
          label="Expires At (optional)"
          type="datetime-local"
          value={form.expiresAt}
          error={errors.expiresAt}
          onChange={(e) => set('expiresAt', e.target.value)}
        />
        <SelectField
          label="Status"
          value={form.status}
          onChange={(e) => set('status', e.target.value as AnnouncementState)}
        >
          {ANNOUNCEMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <div className={styles.inlineForm}>
          <Button variant="text" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
