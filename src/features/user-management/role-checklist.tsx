import { useId } from 'react';

import { isRole, ROLE_GROUP_LABELS, roleDescription, roleGroupOf, type RoleGroup } from '../../access/roles.ts';
import type { UserRole } from '../../contract/users.ts';
import { CheckboxGroup } from '../../ui/checkbox-group.tsx';
import * as choice from '../../ui/choice.css.ts';
import * as field from '../../ui/field.css.ts';

const GROUP_ORDER: readonly RoleGroup[] = ['staff', 'brokerage', 'lender', 'technical'];
const groupOf = (name: string): RoleGroup => (isRole(name) ? roleGroupOf(name) : 'technical');

/**
 * The roles a new user gets, grouped by who they are for (staff, brokerage, lender, technical),
 * each with one line on what it opens; a role the signed-in manager may not grant is disabled with
 * the reason (no privilege escalation); technical roles only when grantable. AGENT is never
 * offered: agents join through the agent invitation.
 */
export function RoleChecklist({
  roles,
  chosen,
  onChange,
  error,
}: {
  roles: readonly UserRole[];
  chosen: string[];
  onChange: (r: string[]) => void;
  error?: string | undefined;
}) {
  const offered = roles.filter((r) => r.name !== 'AGENT' && (groupOf(r.name) !== 'technical' || r.grantable));
  const groups = GROUP_ORDER.map((g) => ({ g, members: offered.filter((r) => groupOf(r.name) === g) })).filter(
    (x) => x.members.length > 0,
  );
  const id = useId();
  return (
    <fieldset className={choice.fieldset} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={choice.legend}>Roles</legend>
      {error && (
        <span id={`${id}-error`} className={field.error} role="alert">
          {error}
        </span>
      )}
      {groups.map(({ g, members }) => {
        const names = new Set(members.map((m) => m.name));
        const options = members.map((r) => ({
          value: r.name,
          label: r.displayName,
          disabled: !r.grantable,
          ...(isRole(r.name) ? { description: roleDescription(r.name) } : {}),
          ...(r.grantable ? {} : { hint: 'You cannot grant this role' }),
        }));
        return (
          <CheckboxGroup
            key={g}
            legend={ROLE_GROUP_LABELS[g]}
            options={options}
            value={chosen.filter((c) => names.has(c))}
            onChange={(mine) => onChange([...chosen.filter((c) => !names.has(c)), ...mine])}
          />
        );
      })}
    </fieldset>
  );
}
