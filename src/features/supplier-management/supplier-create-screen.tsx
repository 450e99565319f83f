import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { createSupplierWrite } from '../../api/lead-suppliers.ts';
import { useWrite } from '../../api/write.ts';
import { SupplierName } from '../../contract/lead-suppliers.ts';
import { maxLengthOf } from '../../contract/limits.ts';
import { Button } from '../../ui/button.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { ruleError, useForm } from '../../widgets/form.ts';

const FIELD_KEYS = ['name'] as const;

/** Create Supplier (ADMIN only): a name; the supplier's page opens to add its ZIPs and limits. */
export function SupplierCreateScreen() {
  const [name, setName] = useState('');
  const { form, errors, clear, formError: failure, check, refused } = useForm(FIELD_KEYS);
  const [, navigate] = useLocation();
  const create = useWrite(createSupplierWrite, {
    onSuccess: (s) => {
      navigate(pathTo('supplier-view', { id: s.id }));
    },
    onError: refused,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The server's rule for a supplier's name.
    if (check({ name: ruleError(SupplierName, name) })) create.mutate(name.trim());
  };
  return (
    <Page title="Create Supplier">
      <Card>
        <h2 className={styles.heading}>New lead supplier</h2>
        <form ref={form} onSubmit={submit} noValidate className={styles.stack}>
          {failure && (
            <p role="alert" className={styles.formError}>
              {failure}
            </p>
          )}
          <TextField
            label="Name"
            name="name"
            value={name}
            maxLength={maxLengthOf(SupplierName)}
            error={errors.name}
            autoComplete="off"
            onChange={(e) => {
              clear('name');
              setName(e.target.value);
            }}
          />
          <div>
            <Button type="submit" disabled={create.isPending}>
              Create Supplier
            </Button>
          </div>
        </form>
      </Card>
    </Page>
  );
}
