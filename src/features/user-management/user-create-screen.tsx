import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';

import { organisationOf } from '../../access/role-grants.ts';
import { isRole } from '../../access/roles.ts';
import { pathTo } from '../../access/route-table.ts';
import { brokerageNamesQueryOptions } from '../../api/brokerages.ts';
import { loanOfficesQueryOptions } from '../../api/lenders.ts';
import { createUserWrite, userRolesQueryOptions } from '../../api/user-management.ts';
import { useWrite } from '../../api/write.ts';
import { personNameError } from '../../contract/person-name.ts';
import { forgotEmailError, isValidPhone } from '../../lib/validation.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useForm, type FieldErrors } from '../../widgets/form.ts';
import { RoleChecklist } from './role-checklist.tsx';

type Fields = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  brokerId: string;
  loanOfficeId: string;
};
const FIELD_KEYS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'roles',
  'brokerId',
  'loanOfficeId',
] as const satisfies readonly (keyof Fields | 'roles')[];
type Key = (typeof FIELD_KEYS)[number];
const EMPTY: Fields = { firstName: '', lastName: '', email: '', phone: '', brokerId: '', loanOfficeId: '' };

/** Which organisation the chosen roles need: a brokerage, a loan office, or none. */
const needs = (roles: readonly string[]) =>
  new Set(
    roles
      .filter(isRole)
      .map(organisationOf)
      .filter((k) => k !== null),
  );

function errorsOf(f: Fields, roles: readonly string[]): FieldErrors<Key> {
  const e: FieldErrors<Key> = {};
  const first = personNameError('First name', f.firstName);
  if (first) e.firstName = first;
  const last = personNameError('Last name', f.lastName);
  if (last) e.lastName = last;
  const email = forgotEmailError(f.email);
  if (email) e.email = email;
  if (f.phone.trim() && !isValidPhone(f.phone)) e.phone = 'Invalid phone number';
  if (roles.length === 0) e.roles = 'Choose at least one role';
  const kinds = needs(roles);
  if (kinds.size > 1) e.roles = 'A user belongs to a brokerage or a loan office, not both';
  if (kinds.has('brokerage') && !f.brokerId) e.brokerId = 'A brokerage is required';
  if (kinds.has('loanOffice') && !f.loanOfficeId) e.loanOfficeId = 'A loan office is required';
  return e;
}

/** Create User: name, email, phone, roles (only those the signed-in manager may grant) and the organisation they need. */
export function UserCreateScreen() {
  const [fields, setFields] = useState(EMPTY);
  const [roles, setRoles] = useState<string[]>([]);
  const { form, errors, clear, formError: failure, check, refused } = useForm(FIELD_KEYS);
  const [, navigate] = useLocation();
  const snackbar = useSnackbar();
  const catalogue = useQuery(userRolesQueryOptions());
  const kinds = needs(roles);
  const brokerages = useQuery({ ...brokerageNamesQueryOptions(), enabled: kinds.has('brokerage') });
  const offices = useQuery({
    ...loanOfficesQueryOptions({ pageIndex: 0, pageSize: 100, name: '', sort: { key: 'name', desc: false } }),
    enabled: kinds.has('loanOffice'),
  });
  const create = useWrite(createUserWrite, {
    onSuccess: (user) => {
      snackbar(`${user.email ?? 'The user'} was invited. They set their password from the link in the email.`);
      navigate(pathTo('user-edit', { id: user.id }));
    },
    onError: refused,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!check(errorsOf(fields, roles))) return;
    create.mutate({
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      email: fields.email.trim().toLowerCase(),
      phone: fields.phone.trim() || null,
      roles,
      brokerId: kinds.has('brokerage') ? Number(fields.brokerId) : null,
      loanOfficeId: kinds.has('loanOffice') ? Number(fields.loanOfficeId) : null,
    });
  };
  const set = (k: keyof Fields) => (e: { target: { value: string } }) => {
    clear(k);
    setFields((f) => ({ ...f, [k]: e.target.value }));
  };
  const chooseRoles = (next: string[]) => {
    clear('roles');
    clear('brokerId');
    clear('loanOfficeId');
    setRoles(next);
  };
  if (catalogue.isError)
    return (
      <Page>
        <QueryFailure thing="The roles" />
      </Page>
    );
  if (!catalogue.data) return <Skeleton label="Loading roles" shape="record" />;
  return (
    <Page>
      <Card aria-labelledby="create-user-heading">
        <div className={styles.headerRow}>
          <h2 id="create-user-heading" className={styles.heading}>
            New user
          </h2>
          <Link href={pathTo('user-management')}>Back to User Management</Link>
        </div>
        <form ref={form} onSubmit={submit} noValidate>
          {failure && (
            <p role="alert" className={styles.formError}>
              {failure}
            </p>
          )}
          <TextField
            label="First Name"
            autoComplete="off"
            keyFilter="name"
            value={fields.firstName}
            error={errors.firstName}
            onChange={set('firstName')}
          />
          <TextField
            label="Last Name"
            autoComplete="off"
            keyFilter="name"
            value={fields.lastName}
            error={errors.lastName}
            onChange={set('lastName')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            value={fields.email}
            error={errors.email}
            onChange={set('email')}
          />
          <TextField
            label="Phone (optional)"
            type="tel"
            autoComplete="off"
            keyFilter="phone"
            value={fields.phone}
            error={errors.phone}
            onChange={set('phone')}
          />
          <RoleChecklist roles={catalogue.data} chosen={roles} onChange={chooseRoles} error={errors.roles} />
          {kinds.has('brokerage') && (
            <SelectField label="Brokerage" value={fields.brokerId} error={errors.brokerId} onChange={set('brokerId')}>
              <option value="">Choose a brokerage</option>
              {(brokerages.data ?? []).map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </SelectField>
          )}
          {kinds.has('loanOffice') && (
            <SelectField
              label="Loan Office"
              value={fields.loanOfficeId}
              error={errors.loanOfficeId}
              onChange={set('loanOfficeId')}
            >
              <option value="">Choose a loan office</option>
              {(offices.data?.content ?? []).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </SelectField>
          )}
          <div className={styles.inlineForm}>
            <Link href={pathTo('user-management')}>Cancel</Link>
            <Button type="submit" disabled={create.isPending}>
              Create and Send Invite
            </Button>
          </div>
        </form>
      </Card>
    </Page>
  );
}
