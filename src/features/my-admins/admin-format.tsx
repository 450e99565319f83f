import type { BrokerageAdmin } from '../../contract/brokerage-admins.ts';
import { enumLabel } from '../../contract/labels.ts';
import { formatDate, formatDateTime, personName } from '../../lib/format.ts';
import { Badge } from '../../ui/badge.tsx';

export const adminName = (a: BrokerageAdmin) => personName(a.firstName, a.lastName, a.email ?? `User ${a.id}`);

/** Active, Invited (pending or expired) or Removed, in words and colour. */
export function AdminStatus({ admin }: { admin: BrokerageAdmin }) {
  if (admin.status === 'ACTIVE') return <Badge tone="success">Active</Badge>;
  if (admin.status === 'DISABLED') return <Badge tone="neutral">Removed</Badge>;
  const state = admin.invite?.state ?? 'PENDING';
  return <Badge tone={state === 'EXPIRED' ? 'danger' : 'warning'}>{enumLabel('inviteState', state)}</Badge>;
}

export const lastSignIn = (a: BrokerageAdmin) => (a.psiLastLogin ? formatDateTime(a.psiLastLogin) : 'Never');
export const inviteText = (a: BrokerageAdmin) => {
  if (!a.invite) return '-';
  return a.invite.state === 'EXPIRED'
    ? `Expired ${formatDate(a.invite.expiresAt)}`
    : `Sent ${formatDate(a.invite.sentAt)}, expires ${formatDate(a.invite.expiresAt)}`;
};
