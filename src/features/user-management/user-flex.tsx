import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { flexAttributesQueryOptions, removeFlexValueWrite, setFlexValueWrite } from '../../api/user-management.ts';
import { useWrite } from '../../api/write.ts';
import { fieldMaxLengths } from '../../contract/limits.ts';
import { FlexValuePatchBody, flexValueRule, type FlexAttribute, type UserDetail } from '../../contract/users.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { Card } from '../../ui/layout.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { ruleError, useForm } from '../../widgets/form.ts';

/** The server's limit on a value (FlexValuePatchBody). */
const MAX = fieldMaxLengths(FlexValuePatchBody);

/** The user's flex attributes: one row per definition (GET /users-api/flexAttributes), each saved or cleared on its own. */
export function UserFlexAttributes({ user }: { user: UserDetail }) {
  const defs = useQuery(flexAttributesQueryOptions());
  return (
    <Card aria-labelledby="flex-heading">
      <h3 id="flex-heading" className={styles.subheading}>
        Attributes
      </h3>
      {defs.isError && (
        <p role="alert" className={styles.formError}>
          Whoops, Something went wrong. Try again.
        </p>
      )}
      {defs.isPending && <Skeleton label="Loading attributes" shape="record" />}
      <ul className={styles.list} aria-label="Attributes">
        {(defs.data ?? []).map((d) => {
          const current = user.flexAttributes.find((f) => f.attributeId === d.id)?.value;
          return (
            <li key={`${d.id}:${current ?? ''}`} className={styles.listItem}>
              <FlexRow userId={user.id} def={d} current={current} />
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function FlexRow({ userId, def, current }: { userId: number; def: FlexAttribute; current: string | undefined }) {
  const [value, setValue] = useState(current ?? '');
  const { form, errors, clear: clearError, formError, check, refused } = useForm(['value']);
  const snackbar = useSnackbar();
  // A refusal of the value (an option removed since the page loaded) is said beside it; the rest above the row.
  const fail = refused;
  const save = useWrite(setFlexValueWrite(userId, def.id), {
    onSuccess: () => {
      snackbar(`${def.label} was saved.`);
    },
    onError: fail,
  });
  const clear = useWrite(removeFlexValueWrite(userId, def.id), {
    onSuccess: () => {
      snackbar(`${def.label} was cleared.`);
    },
    onError: fail,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (check({ value: ruleError(flexValueRule(def.type, def.options), value) }))
      save.mutate({ value: value.trim(), exists: current !== undefined });
  };
  const choices =
    def.type === 'SELECT'
      ? def.options.map((o) => [o, o] as const)
      : def.type === 'BOOLEAN'
        ? ([
            ['true', 'Yes'],
            ['false', 'No'],
          ] as const)
        : null;
  return (
    <form ref={form} onSubmit={submit} noValidate className={styles.inlineForm}>
      {formError && (
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
      )}
      {choices ? (
        <SelectField
          label={def.label}
          name="value"
          value={value}
          error={errors.value}
          onChange={(e) => {
            clearError('value');
            setValue(e.target.value);
          }}
        >
          <option value="">Not set</option>
          {choices.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </SelectField>
      ) : (
        <TextField
          label={def.label}
          name="value"
          value={value}
          error={errors.value}
          maxLength={MAX.value}
          onChange={(e) => {
            clearError('value');
            setValue(e.target.value);
          }}
          type={def.type === 'DATE' ? 'date' : 'text'}
          inputMode={def.type === 'NUMBER' ? 'decimal' : undefined}
        />
      )}
      <Button
        type="submit"
        variant="secondary"
        aria-label={`Save ${def.label}`}
        disabled={save.isPending || value.trim() === (current ?? '')}
      >
        Save
      </Button>
      {current !== undefined && !def.required && (
        <Button
          variant="text"
          aria-label={`Clear ${def.label}`}
          disabled={clear.isPending}
          onClick={() => clear.mutate()}
        >
          Clear
        </Button>
      )}
    </form>
  );
}
