import { useState, type FormEvent } from 'react';

import { createDncWrite, removeDncContactWrite, type NewDnc } from '../../api/dnc.ts';
import { useWrite } from '../../api/write.ts';
import { DNC_CHANNELS, NewDncRequest, type DncContact } from '../../contract/interviews.ts';
import { enumOptions } from '../../contract/labels.ts';
import { fieldMaxLengths } from '../../contract/limits.ts';
import { formatPhone, isEmail, isValidPhone, phoneForPost } from '../../lib/validation.ts';
import { Button } from '../../ui/button.tsx';
import { RadioGroup, SelectField } from '../../ui/choice.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { Switch } from '../../ui/switch.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useForm } from '../../widgets/form.ts';

type DncType = NewDnc['type'];
const TYPES = [
  { value: 'PHONE', label: 'Phone' },
  { value: 'EMAIL', label: 'Email' },
] as const;
const FIELD_KEYS = ['value', 'channel', 'disposition'] as const;
/** The server's limits (NewDncRequest). */
const MAX = fieldMaxLengths(NewDncRequest);

/** The value's error under spec 1 section 5's phone and email rules. */
export function dncValueError(type: DncType, raw: string): string | undefined {
  const value = raw.trim();
  if (type === 'PHONE')
    return !value ? 'Phone number is required' : isValidPhone(value) ? undefined : 'Invalid phone number.';
  return !value ? 'Email is required' : isEmail(value) ? undefined : 'Invalid e-mail.';
}

/** New DNC: a phone number or an email address, with its channel, disposition and inbound blocking. */
export function NewDncDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const snackbar = useSnackbar();
  const [type, setType] = useState<DncType>('PHONE');
  const [value, setValue] = useState('');
  const [channel, setChannel] = useState('');
  const [disposition, setDisposition] = useState('');
  const [blocked, setBlocked] = useState(false);
  const { form, errors, clear, formError, check, refused } = useForm(FIELD_KEYS);
  const reset = () => {
    setType('PHONE');
    setValue('');
    setChannel('');
    setDisposition('');
    setBlocked(false);
    check({});
  };

  const shownOf = (c: DncContact) => (c.type === 'PHONE' ? formatPhone(c.value) : c.value);
  // Undo removes the contact just added (the same DELETE as Remove, which asks first when chosen from the list).
  const undo = useWrite(removeDncContactWrite, {
    onSuccess: (_done, c) => snackbar(`Undone: ${shownOf(c)} is off the DNC list.`, { tone: 'success' }),
    onError: (err) =>
      snackbar(err instanceof Error && err.message ? err.message : 'The contact could not be removed.', {
        tone: 'error',
      }),
  });
  const create = useWrite(createDncWrite, {
    onSuccess: (c) => {
      snackbar(`Added ${shownOf(c)} to the DNC list.`, {
        tone: 'success',
        action: { label: 'Undo', run: () => undo.mutate(c) },
      });
      reset();
      onOpenChange(false);
    },
    // A duplicate answers 409 with a message naming the contact; show it as the server words it.
    onError: refused,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!check({ value: dncValueError(type, value) })) return;
    create.mutate({
      type,
      value: type === 'PHONE' ? phoneForPost(value) : value.trim().toLowerCase(),
      channel: channel || null,
      disposition: disposition.trim() || null,
      blocked,
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) reset();
        onOpenChange(o);
      }}
      title="New DNC"
    >
      <form ref={form} onSubmit={submit} noValidate>
        {formError && (
          <p role="alert" className={styles.formError}>
            {formError}
          </p>
        )}
        <RadioGroup
          legend="Type"
          name="dnc-type"
          options={TYPES}
          value={type}
          onChange={(t) => {
            setType(t);
            setValue('');
            clear('value');
          }}
        />
        {type === 'PHONE' ? (
          <TextField
            label="Phone Number"
            name="value"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={value}
            error={errors.value}
            keyFilter="phone"
            maxLength={MAX.value}
            onChange={(e) => {
              clear('value');
              setValue(e.target.value);
            }}
          />
        ) : (
          <TextField
            label="Email Address"
            name="value"
            type="email"
            autoComplete="off"
            value={value}
            error={errors.value}
            maxLength={MAX.value}
            onChange={(e) => {
              clear('value');
              setValue(e.target.value);
            }}
          />
        )}
        <SelectField
          label="Channel"
          value={channel}
          error={errors.channel}
          onChange={(e) => {
            clear('channel');
            setChannel(e.target.value);
          }}
        >
          <option value="">Not specified</option>
          {enumOptions('dncChannel', DNC_CHANNELS).map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Disposition"
          name="disposition"
          value={disposition}
          maxLength={MAX.disposition}
          error={errors.disposition}
          onChange={(e) => {
            clear('disposition');
            setDisposition(e.target.value);
          }}
        />
        <Switch label="Inbound Blocked" checked={blocked} onCheckedChange={setBlocked} />
        <div className={styles.toolbar}>
          <span className={styles.toolbarSpacer} />
          <Button
            variant="text"
            onClick={() => {
              reset();
              onOpenChange(false);
            }}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
