import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { organisationOf } from '../../access/role-grants.ts';
import { isRole } from '../../access/roles.ts';
import { brokerageNamesQueryOptions } from '../../api/brokerages.ts';
import { ApiError } from '../../api/client.ts';
import { loanOfficesQueryOptions } from '../../api/lenders.ts';
import { grantRole, revokeRole, userManagementKeys, userRolesQueryOptions } from '../../api/user-management.ts';
import type { UserDetail } from '../../contract/users.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { Card, mutedText } from '../../ui/layout.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { roleName } from './user-format.tsx';

const failure = (e: unknown) => (e instanceof ApiError ? e.message : 'An error occurred please try again.');

/** The user's roles with Remove, and Add Role offering only what the signed-in manager may grant. */
export function UserRoles({ user }: { user: UserDetail }) {
  const catalogue = useQuery(userRolesQueryOptions());
  const [adding, setAdding] = useState('');
  const [org, setOrg] = useState('');
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const done = (message: string) => { snackbar(message); void client.invalidateQueries({ queryKey: userManagementKeys.all }); };
  const held = new Set(user.roles.map((r) => r.id));
  const grantable = (catalogue.data ?? []).filter((r) => r.grantable && !held.has(r.id));
  const chosen = grantable.find((r) => String(r.id) === adding);
  const kind = chosen && isRole(chosen.name) ? organisationOf(chosen.name) : null;
  const needsBrokerage = kind === 'brokerage' && user.brokerId === null;
  const needsOffice = kind === 'loanOffice' && user.loanOfficeId === null;
  const brokerages = useQuery({ ...brokerageNamesQueryOptions(), enabled: needsBrokerage });
  const offices = useQuery({ ...loanOfficesQueryOptions({ pageIndex: 0, pageSize: 100, name: '', sort: { key: 'name', desc: false } }), enabled: needsOffice });
  const grant = useMutation({
    mutationFn: () => grantRole(user.id, {
      roleId: Number(adding), ...(needsBrokerage && org ? { brokerId: Number(org) } : {}), ...(needsOffice && org ? { loanOfficeId: Number(org) } : {}),
    }),
    onSuccess: () => { done(`${chosen?.displayName ?? 'The role'} was added.`); setAdding(''); setOrg(''); },
    onError: (e) => snackbar(failure(e), { tone: 'error' }),
  });
  const revoke = useMutation({
    mutationFn: (roleId: number) => revokeRole(user.id, roleId),
    onSuccess: () => done('The role was removed.'),
    onError: (e) => snackbar(failure(e), { tone: 'error' }),
  });
  const grantableIds = new Set((catalogue.data ?? []).filter((r) => r.grantable).map((r) => r.id));
  const locked = !user.manageable || user.status === 'DISABLED';
  const submit = (e: FormEvent) => { e.preventDefault(); if (adding) grant.mutate(); };
  return (
    <Card aria-labelledby="roles-heading">
      <h3 id="roles-heading" className={styles.subheading}>Roles</h3>
      {locked && <p className={mutedText}>{user.status === 'DISABLED' ? 'This user is deactivated.' : 'You cannot change this user\'s roles.'}</p>}
      <ul className={styles.list} aria-label="Roles">
        {user.roles.map((r) => (
          <li key={r.id} className={styles.listItem}>
            <span className={styles.inlineForm}>
              <span className={styles.toolbarSpacer}>{roleName(r.name)}</span>
              {!locked && grantableIds.has(r.id) && user.roles.length > 1 && (
                <Button variant="text" aria-label={`Remove ${roleName(r.name)}`} disabled={revoke.isPending} onClick={() => revoke.mutate(r.id)}>Remove</Button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {!locked && grantable.length > 0 && (
        <form onSubmit={submit} className={styles.inlineForm}>
          <SelectField label="Add Role" value={adding} onChange={(e) => { setAdding(e.target.value); setOrg(''); }}>
            <option value="">Choose a role</option>
            {grantable.filter((r) => r.name !== 'AGENT').map((r) => <option key={r.id} value={r.id}>{r.displayName}</option>)}
          </SelectField>
          {needsBrokerage && (
            <SelectField label="Brokerage" value={org} onChange={(e) => setOrg(e.target.value)}>
              <option value="">Choose a brokerage</option>
              {(brokerages.data ?? []).map((b) => <option key={b.id} value={b.id}>{b.name}</option>)}
            </SelectField>
          )}
          {needsOffice && (
            <SelectField label="Loan Office" value={org} onChange={(e) => setOrg(e.target.value)}>
              <option value="">Choose a loan office</option>
              {(offices.data?.content ?? []).map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
            </SelectField>
          )}
          <Button type="submit" variant="secondary" disabled={!adding || grant.isPending || ((needsBrokerage || needsOffice) && !org)}>Add Role</Button>
        </form>
      )}
    </Card>
  );
}
