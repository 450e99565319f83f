import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { pathTo } from '../../access/route-table.ts';
import { saveUserNameWrite, userDetailQueryOptions } from '../../api/user-management.ts';
import { useWrite } from '../../api/write.ts';
import { personNameError } from '../../contract/person-name.ts';
import type { UserDetail } from '../../contract/users.ts';
import { formatDateTime } from '../../lib/format.ts';
import { recordId } from '../../lib/record-params.ts';
import { formatPhone } from '../../lib/validation.ts';
import { Button } from '../../ui/button.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { Card } from '../../ui/layout.tsx';
import { RecordScreen } from '../../ui/record-screen.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { refusalOf, useForm } from '../../widgets/form.ts';
import { UserActions } from './user-actions.tsx';
import { UserFlexAttributes } from './user-flex.tsx';
import { lastSignIn, userName, UserStatus } from './user-format.tsx';
import { UserHistory } from './user-history.tsx';
import { UserRoles } from './user-roles.tsx';

const inviteText = (u: UserDetail) =>
  u.invite
    ? `${u.invite.state === 'PENDING' ? 'Pending' : 'Expired'}: sent ${formatDateTime(u.invite.sentAt)}, expires ${formatDateTime(u.invite.expiresAt)}`
    : '-';

/** Edit User (user-management/edit/:id): details, name, roles, flex attributes, invitation, deactivation and history. */
export function UserEditScreen({ params }: { params: Record<string, string> }) {
  const found = recordId(params['id']);
  const query = useQuery({ ...userDetailQueryOptions(found ?? 0), enabled: found !== undefined });
  return (
    <RecordScreen
      found={found !== undefined}
      query={query}
      noun="user"
      title={userName}
      back={{ href: pathTo('user-management'), label: 'Back to User Management' }}
      more={(u) => (
        <>
          <NameForm user={u} />
          <UserRoles user={u} />
          <UserFlexAttributes user={u} />
          <UserHistory userId={u.id} />
        </>
      )}
    >
      {(u) => (
        <>
          <DetailList
            items={[
              ['Email', u.email ?? '-'],
              ['Phone', formatPhone(u.phone) || '-'],
              ['Status', <UserStatus key="s" status={u.status} />],
              ...(u.brokerageName ? [['Brokerage', u.brokerageName] as const] : []),
              ...(u.loanOfficeName ? [['Loan Office', u.loanOfficeName] as const] : []),
              ['Last Sign-in', lastSignIn(u.psiLastLogin)],
              ['Invitation', inviteText(u)],
              ['Created', formatDateTime(u.created)],
            ]}
          />
          <UserActions user={u} />
        </>
      )}
    </RecordScreen>
  );
}

const NAME_KEYS = ['firstName', 'lastName'] as const;

function NameForm({ user }: { user: UserDetail }) {
  const [first, setFirst] = useState(user.firstName ?? '');
  const [last, setLast] = useState(user.lastName ?? '');
  const { form, errors, clear, check, refused } = useForm(NAME_KEYS);
  const snackbar = useSnackbar();
  const save = useWrite(saveUserNameWrite(user.id), {
    onSuccess: () => {
      snackbar('The name was saved.');
    },
    // The name's own refusal is said at its field; the rest in the snackbar (the form has no message above it).
    onError: (e) => {
      refused(e);
      const text = refusalOf(e, NAME_KEYS).formError;
      if (text) snackbar(text, { tone: 'error' });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = { firstName: personNameError('First name', first), lastName: personNameError('Last name', last) };
    if (check(found)) save.mutate({ firstName: first.trim(), lastName: last.trim() });
  };
  return (
    <Card aria-labelledby="name-heading">
      <h3 id="name-heading" className={styles.subheading}>
        Name
      </h3>
      <form ref={form} onSubmit={submit} noValidate className={styles.inlineForm}>
        <TextField
          label="First Name"
          keyFilter="name"
          value={first}
          error={errors.firstName}
          onChange={(e) => {
            clear('firstName');
            setFirst(e.target.value);
          }}
        />
        <TextField
          label="Last Name"
          keyFilter="name"
          value={last}
          error={errors.lastName}
          onChange={(e) => {
            clear('lastName');
            setLast(e.target.value);
          }}
        />
        <Button type="submit" variant="secondary" disabled={save.isPending || !user.manageable}>
          Save Name
        </Button>
      </form>
    </Card>
  );
}
