import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { pathTo } from '../../access/route-table.ts';
import { ApiError } from '../../api/client.ts';
import { createSupplier, supplierKeys } from '../../api/lead-suppliers.ts';
import { serverMessage } from '../../api/staff.ts';
import { Button } from '../../ui/button.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';

/** Create Supplier (ADMIN only): a name; the supplier's page opens to add its ZIPs and limits. */
export function SupplierCreateScreen() {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: () => createSupplier(name.trim()),
    onSuccess: async (s) => {
      await client.invalidateQueries({ queryKey: supplierKeys.all });
      navigate(pathTo('supplier-view', { id: s.id }));
    },
    onError: (err) => setError(err instanceof ApiError && err.fields?.['name'] ? err.fields['name'] : serverMessage(err)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) { setError('Name is required'); return; }
    setError(undefined);
    create.mutate();
  };
  return (
    <Page title="Create Supplier">
      <Card>
        <h2 className={styles.heading}>New lead supplier</h2>
        <form onSubmit={submit} noValidate className={styles.stack}>
          <TextField label="Name" value={name} maxLength={255} onChange={(e) => setName(e.target.value)} error={error} autoComplete="off" />
          <div><Button type="submit" disabled={create.isPending}>Create Supplier</Button></div>
        </form>
      </Card>
    </Page>
  );
}
