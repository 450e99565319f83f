import { isRole, roleDisplayName } from '../../access/roles.ts';
import { codeLabel } from '../../contract/labels.ts';
import { formatDateTime, personName } from '../../lib/format.ts';
import { Badge } from '../../ui/badge.tsx';

// How User Management shows a user's name, roles and status.

export const userName = (u: { firstName: string | null; lastName: string | null; email: string | null }) =>
  personName(u.firstName, u.lastName, null) ?? u.email ?? '-';

export const roleName = (name: string) => (isRole(name) ? roleDisplayName(name) : codeLabel(name));
export const rolesText = (roles: readonly { name: string }[]) => roles.map((r) => roleName(r.name)).join(', ') || '-';

const TONES = { ACTIVE: 'success', INVITED: 'warning', DISABLED: 'neutral' } as const;
const LABELS: Record<string, string> = { ACTIVE: 'Active', INVITED: 'Invited', DISABLED: 'Deactivated' };

export function UserStatus({ status }: { status: string }) {
  return <Badge tone={TONES[status as keyof typeof TONES] ?? 'neutral'}>{LABELS[status] ?? codeLabel(status)}</Badge>;
}

export const USER_STATUSES = ['ACTIVE', 'INVITED', 'DISABLED'] as const;
export const statusLabel = (s: string) => LABELS[s] ?? codeLabel(s);
export const lastSignIn = (at: string | null) => (at ? formatDateTime(at) : 'Never');
