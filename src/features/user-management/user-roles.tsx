import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';

import { organisationOf } from '../../access/role-grants.ts';
import { isRole } from '../../access/roles.ts';
import { brokerageNamesQueryOptions } from '../../api/brokerages.ts';
import { loanOfficesQueryOptions } from '../../api/lenders.ts';
import { grantRoleWrite, revokeRoleWrite, userRolesQueryOptions } from '../../api/user-management.ts';
import { useWrite } from '../../api/write.ts';
import { RoleGrantBody, type UserDetail } from '../../contract/users.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { Card, mutedText } from '../../ui/layout.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { refusalOf, schemaErrors, useForm } from '../../widgets/form.ts';
import { roleName } from './user-format.tsx';

const FIELD_KEYS = ['roleId', 'brokerId', 'loanOfficeId'] as const;
type Key = (typeof FIELD_KEYS)[number];

/** The user's roles with Remove, and Add Role offering only what the signed-in manager may grant. */
export function UserRoles({ user }: { user: UserDetail }) {
  const catalogue = useQuery(userRolesQueryOptions());
  const [adding, setAdding] = useState('');
  const [org, setOrg] = useState('');
  const snackbar = useSnackbar();
  const done = (message: string) => {
    snackbar(message);
  };
  const held = new Set(user.roles.map((r) => r.id));
  const grantable = (catalogue.data ?? []).filter((r) => r.grantable && !held.has(r.id));
  const chosen = grantable.find((r) => String(r.id) === adding);
  const kind = chosen && isRole(chosen.name) ? organisationOf(chosen.name) : null;
  const needsBrokerage = kind === 'brokerage' && user.brokerId === null;
  const needsOffice = kind === 'loanOffice' && user.loanOfficeId === null;
  const brokerages = useQuery({ ...brokerageNamesQueryOptions(), enabled: needsBrokerage });
  const offices = useQuery({
    ...loanOfficesQueryOptions({ pageIndex: 0, pageSize: 100, name: '', sort: { key: 'name', desc: false } }),
    enabled: needsOffice,
  });
  const { form, errors, clear, formError, check, refused } = useForm(FIELD_KEYS);
  const orgKey: Key = needsOffice ? 'loanOfficeId' : 'brokerId';
  const removedAt = useRef(new Map<number, number>());
  const nameOf = (roleId: number) => catalogue.data?.find((r) => r.id === roleId)?.displayName ?? 'The role';
  // Undo runs the opposite write (docs/decisions/0108): a removal gives the role back its place in the list.
  const undoFailed = (e: Error) =>
    snackbar(refusalOf(e, []).formError ?? 'The change could not be undone.', { tone: 'error' });
  const undoGrant = useWrite(revokeRoleWrite(user.id), {
    onSuccess: (_d, roleId) => done(`Undone: ${nameOf(roleId)} was removed again.`),
    onError: undoFailed,
  });
  const undoRevoke = useWrite(grantRoleWrite(user.id), {
    onSuccess: (_d, body) => done(`Undone: ${nameOf(body.roleId)} was added back.`),
    onError: undoFailed,
  });
  const grant = useWrite(grantRoleWrite(user.id), {
    onSuccess: (_d, body) => {
      snackbar(`${nameOf(body.roleId)} was added.`, {
        action: { label: 'Undo', run: () => undoGrant.mutate(body.roleId) },
      });
      setAdding('');
      setOrg('');
    },
    onError: refused,
  });
  const revoke = useWrite(revokeRoleWrite(user.id), {
    // The removed role's place (its index in the list) is read at the click, before the list changes.
    onSuccess: (_d, roleId) =>
      snackbar(`${nameOf(roleId)} was removed.`, {
        action: {
          label: 'Undo',
          run: () => undoRevoke.mutate({ roleId, position: removedAt.current.get(roleId) ?? 0 }),
        },
      }),
    onError: (e) => snackbar(refusalOf(e, []).formError ?? 'The role could not be removed.', { tone: 'error' }),
  });
  const grantableIds = new Set((catalogue.data ?? []).filter((r) => r.grantable).map((r) => r.id));
  const locked = !user.manageable || user.status === 'DISABLED';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // An empty choice is Number('') = 0, which the contract refuses in the form's words.
    const body: RoleGrantBody = {
      roleId: Number(adding),
      ...(needsBrokerage || needsOffice ? { [orgKey]: Number(org) } : {}),
    };
    if (check(schemaErrors<Key>(RoleGrantBody, body))) grant.mutate(body);
  };
  return (
    <Card aria-labelledby="roles-heading">
      <h3 id="roles-heading" className={styles.subheading}>
        Roles
      </h3>
      {locked && (
        <p className={mutedText}>
          {user.status === 'DISABLED' ? 'This user is deactivated.' : "You cannot change this user's roles."}
        </p>
      )}
      <ul className={styles.list} aria-label="Roles">
        {user.roles.map((r, index) => (
          <li key={r.id} className={styles.listItem}>
            <span className={styles.inlineForm}>
              <span className={styles.toolbarSpacer}>{roleName(r.name)}</span>
              {!locked && grantableIds.has(r.id) && user.roles.length > 1 && (
                <Button
                  variant="text"
                  aria-label={`Remove ${roleName(r.name)}`}
                  disabled={revoke.isPending}
                  onClick={() => {
                    removedAt.current.set(r.id, index);
                    revoke.mutate(r.id);
                  }}
                >
                  Remove
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {!locked && grantable.length > 0 && (
        <form ref={form} onSubmit={submit} noValidate className={styles.inlineForm}>
          {formError && (
            <p role="alert" className={styles.formError}>
              {formError}
            </p>
          )}
          <SelectField
            label="Add Role"
            name="roleId"
            value={adding}
            error={errors.roleId}
            onChange={(e) => {
              FIELD_KEYS.forEach(clear);
              setAdding(e.target.value);
              setOrg('');
            }}
          >
            <option value="">Choose a role</option>
            {grantable
              .filter((r) => r.name !== 'AGENT')
              .map((r) => (
                <option key={r.id} value={r.id}>
                  {r.displayName}
                </option>
              ))}
          </SelectField>
          {needsBrokerage && (
            <SelectField
              label="Brokerage"
              name="brokerId"
              value={org}
              error={errors.brokerId}
              onChange={(e) => {
                clear('brokerId');
                setOrg(e.target.value);
              }}
            >
              <option value="">Choose a brokerage</option>
              {(brokerages.data ?? []).map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </SelectField>
          )}
          {needsOffice && (
            <SelectField
              label="Loan Office"
              name="loanOfficeId"
              value={org}
              error={errors.loanOfficeId}
              onChange={(e) => {
                clear('loanOfficeId');
                setOrg(e.target.value);
              }}
            >
              <option value="">Choose a loan office</option>
              {(offices.data?.content ?? []).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </SelectField>
          )}
          <Button type="submit" variant="secondary" disabled={grant.isPending}>
            Add Role
          </Button>
        </form>
      )}
    </Card>
  );
}
