import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { emailSettingsQueryOptions, emailTemplatesQueryOptions } from '../../api/email-settings.ts';
import type { EmailSetting, EmailTemplateId } from '../../contract/email-settings.ts';
import { Button } from '../../ui/button.tsx';
import { mutedText } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as staff from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { ruleError, useForm } from '../../widgets/form.ts';
import { AddressRow } from './address-row.tsx';
import { ADDRESS_MAX, ADDRESS_RULE } from './address-rule.ts';
import * as styles from './email-settings.css.ts';
import { useEmailSettingWrites, type EmailSettingWrites } from './use-email-settings.ts';

function AddAddress({
  template,
  name,
  writes,
}: {
  template: EmailTemplateId;
  name: string;
  writes: EmailSettingWrites;
}) {
  const [value, setValue] = useState('');
  // A one-field form: a refusal is said beside the address, whatever it is about.
  const { form, errors, clear, check, refused } = useForm(['email'], { refusalAt: 'email' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!check({ email: ruleError(ADDRESS_RULE, value) })) return;
    writes.save.mutate(
      { template, email: value.trim() },
      {
        onSuccess: () => setValue(''),
        onError: refused,
      },
    );
  };
  return (
    <form ref={form} className={staff.inlineForm} onSubmit={submit} noValidate>
      <TextField
        label={`New address for ${name}`}
        name="email"
        type="email"
        autoComplete="off"
        maxLength={ADDRESS_MAX}
        value={value}
        error={errors.email}
        onChange={(e) => {
          clear('email');
          setValue(e.target.value);
        }}
      />
      <Button type="submit" variant="secondary" disabled={writes.save.isPending}>
        Add
      </Button>
    </form>
  );
}

/** Which emails a brokerage receives and where: one section per template, its addresses, add/change/delete. */
export function EmailSettingsEditor({ brokerageId }: { brokerageId?: number }) {
  const templates = useQuery(emailTemplatesQueryOptions());
  const settings = useQuery(emailSettingsQueryOptions(brokerageId));
  const writes = useEmailSettingWrites(brokerageId);
  if (templates.isError || settings.isError) return <QueryFailure thing="The email settings" />;
  if (!templates.data || !settings.data) return <Skeleton label="Loading email settings" shape="record" />;
  const byTemplate = new Map<string, EmailSetting[]>();
  for (const s of settings.data) byTemplate.set(s.template, [...(byTemplate.get(s.template) ?? []), s]);
  return (
    <ul className={styles.templates} aria-label="Emails">
      {templates.data.map((t) => (
        <li key={t.id} className={styles.template} aria-labelledby={`template-${t.id}`}>
          <h3 id={`template-${t.id}`} className={styles.templateName}>
            {t.name}
          </h3>
          <p className={mutedText}>{t.description}</p>
          {(byTemplate.get(t.id) ?? []).length === 0 ? (
            <p className={mutedText}>Not sent to anyone.</p>
          ) : (
            <ul className={styles.addresses} aria-label={`Addresses for ${t.name}`}>
              {(byTemplate.get(t.id) ?? []).map((s) => (
                <AddressRow key={s.id} setting={s} templateName={t.name} writes={writes} />
              ))}
            </ul>
          )}
          <AddAddress template={t.id as EmailTemplateId} name={t.name} writes={writes} />
        </li>
      ))}
    </ul>
  );
}
