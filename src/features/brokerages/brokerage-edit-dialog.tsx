import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';

import { productsQueryOptions, updateBrokerageWrite } from '../../api/brokerage-admin.ts';
import { validateAddress } from '../../api/geography.ts';
import { useWrite } from '../../api/write.ts';
import type { AddressValidation } from '../../contract/address-validation.ts';
import { BrokerageUpdate, type BrokerageUpdateInput } from '../../contract/brokerage-admin.ts';
import { BROKERAGE_STATUSES, type Brokerage } from '../../contract/brokerages.ts';
import { enumLabel } from '../../contract/labels.ts';
import { fieldMaxLengths } from '../../contract/limits.ts';
import { productFamilyLabel } from '../../lib/format.ts';
import { US_STATES_AND_TERRITORIES } from '../../lib/us-states.ts';
import { formatPhone } from '../../lib/validation.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useForm, type FieldErrors } from '../../widgets/form.ts';
import { ZipField } from '../../widgets/zip-field.tsx';

// The staff's full brokerage edit (PUT /agents-api/brokerages/{id}). The form checks with
// the contract's schema (the server's own rules and messages), then has the address checked
// (validate-address): a malformed address stops the save; one whose ZIP disagrees with its city or
// state is shown and saved on a second click.

type Draft = Record<keyof BrokerageUpdateInput, string>;
type Key = keyof Draft;
const FIELD_KEYS = [
  'name',
  'status',
  'productFamily',
  'email',
  'phone',
  'street',
  'city',
  'state',
  'zip',
] as const satisfies readonly Key[];
/** The server's limits (BrokerageUpdate). */
const MAX = fieldMaxLengths(BrokerageUpdate);
const draftOf = (b: Brokerage): Draft => ({
  name: b.name,
  status: b.status,
  productFamily: b.product[0]?.productFamily ?? 'PORCHLIGHT',
  email: b.email ?? '',
  phone: formatPhone(b.phone),
  street: b.street ?? '',
  city: b.city ?? '',
  state: b.state ?? '',
  zip: b.zip ?? '',
});

function fieldErrors(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): FieldErrors<Key> {
  const flat = v.flatten(issues).nested ?? {};
  return Object.fromEntries(Object.entries(flat).map(([k, m]) => [k, m?.[0] ?? 'Invalid']));
}
/** The address check's issues, at the fields they name. */
const addressErrors = (check: AddressValidation): FieldErrors<Key> =>
  Object.fromEntries(
    check.issues.filter((i) => (FIELD_KEYS as readonly string[]).includes(i.field)).map((i) => [i.field, i.message]),
  );

export function BrokerageEditDialog({
  brokerage,
  open,
  onOpenChange,
}: {
  brokerage: Brokerage;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit Brokerage" wide>
      {open && <EditForm brokerage={brokerage} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function EditForm({ brokerage, onDone }: { brokerage: Brokerage; onDone: () => void }) {
  const snackbar = useSnackbar();
  const products = useQuery(productsQueryOptions());
  const [d, setD] = useState<Draft>(() => draftOf(brokerage));
  const { form, errors, clear, formError: failure, check, refused } = useForm(FIELD_KEYS);
  const [suspect, setSuspect] = useState<AddressValidation | null>(null);
  const [checking, setChecking] = useState(false);
  const save = useWrite(updateBrokerageWrite(brokerage.id), {
    onSuccess: () => {
      snackbar('Brokerage saved.', { tone: 'success' });
      onDone();
    },
    onError: refused,
  });
  const set = (key: Key) => (e: { target: { value: string } }) => {
    clear(key);
    setD({ ...d, [key]: e.target.value });
    if (['street', 'city', 'state', 'zip'].includes(key)) setSuspect(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = v.safeParse(BrokerageUpdate, d);
    if (!check(parsed.success ? {} : fieldErrors(parsed.issues)) || !parsed.success) return;
    const body: BrokerageUpdateInput = { ...parsed.output };
    if ((d.street.trim() || d.zip.trim()) && !suspect) {
      setChecking(true);
      let address: AddressValidation;
      try {
        address = await validateAddress({ street: d.street, city: d.city, state: d.state, zip: d.zip });
      } catch (err) {
        refused(err);
        return;
      } finally {
        setChecking(false);
      }
      if (address.verdict === 'INVALID') {
        check(addressErrors(address));
        return;
      }
      if (address.verdict === 'SUSPECT') {
        check(addressErrors(address));
        setSuspect(address);
        return;
      }
      Object.assign(body, { city: address.address.city, state: address.address.state, zip: address.address.zip });
    }
    check({});
    save.mutate(body);
  };

  return (
    <form
      ref={form}
      onSubmit={(e) => {
        void submit(e);
      }}
      noValidate
      aria-label="Edit brokerage"
    >
      {failure && (
        <p role="alert" className={styles.formError}>
          {failure}
        </p>
      )}
      <TextField
        label="Name"
        name="name"
        value={d.name}
        onChange={set('name')}
        error={errors.name}
        maxLength={MAX.name}
        autoComplete="organization"
      />
      <div className={styles.inlineForm}>
        <SelectField label="Status" value={d.status} onChange={set('status')} error={errors.status}>
          {BROKERAGE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {enumLabel('brokerageStatus', s)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Product"
          value={d.productFamily}
          onChange={set('productFamily')}
          error={errors.productFamily}
        >
          {(products.data ?? [{ productFamily: d.productFamily, name: productFamilyLabel(d.productFamily) }]).map(
            (p) => (
              <option key={p.productFamily} value={p.productFamily}>
                {productFamilyLabel(p.productFamily)}
              </option>
            ),
          )}
        </SelectField>
      </div>
      <div className={styles.inlineForm}>
        <TextField
          label="Email"
          name="email"
          type="email"
          value={d.email}
          onChange={set('email')}
          error={errors.email}
          maxLength={MAX.email}
          autoComplete="email"
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          value={d.phone}
          onChange={set('phone')}
          error={errors.phone}
          maxLength={MAX.phone}
          keyFilter="phone"
          autoComplete="tel"
        />
      </div>
      <TextField
        label="Street"
        name="street"
        value={d.street}
        onChange={set('street')}
        error={errors.street}
        maxLength={MAX.street}
        autoComplete="street-address"
      />
      <div className={styles.inlineForm}>
        <TextField
          label="City"
          name="city"
          value={d.city}
          onChange={set('city')}
          error={errors.city}
          maxLength={MAX.city}
          autoComplete="address-level2"
        />
        <SelectField label="State" value={d.state} onChange={set('state')} error={errors.state}>
          <option value="">None</option>
          {US_STATES_AND_TERRITORIES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <ZipField label="ZIP" value={d.zip} onChange={set('zip')} error={errors.zip} />
      </div>
      {suspect && (
        <p role="alert" className={styles.formError}>
          The address does not match its ZIP. Correct it, or save it as it is.
        </p>
      )}
      <div className={styles.inlineForm}>
        <Button type="button" variant="text" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending || checking}>
          {suspect ? 'Save Anyway' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
