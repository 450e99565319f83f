import type { UserRole } from '../../contract/users.ts';
import { CheckboxGroup } from '../../ui/checkbox-group.tsx';

const TECHNICAL_TYPE_ROLES = new Set(['DS_TEAM', 'APP_DEV', 'CONTACT_CENTER', 'AGENT_UPDATER', 'AGENT_CHANGE_CONSUMER', 'REFERRAL_TEAM',
  'REFERRAL_CREATOR', 'OPPORTUNITY_CREATOR', 'INTERACTION_USER', 'USER_PROFILE_READER', 'USER_CHANGE_CONSUMER', 'WORKFLOW_EVENT_CREATOR',
  'TASK_EXECUTOR', 'LOG_CREATOR', 'EXAMPLE_STREAM_PROCESSOR', 'APINATION_INTEGRATION']);

/**
 * The roles a new user gets: the people roles, each disabled with the reason when the signed-in
 * manager may not grant it (no privilege escalation); technical roles only when grantable. AGENT
 * is never offered: agents join through the agent invitation.
 */
export function RoleChecklist({ roles, chosen, onChange, error }: { roles: readonly UserRole[]; chosen: string[]; onChange: (r: string[]) => void; error?: string | undefined }) {
  const options = roles.filter((r) => r.name !== 'AGENT' && (!TECHNICAL_TYPE_ROLES.has(r.name) || r.grantable)).map((r) => ({
    value: r.name, label: r.displayName, disabled: !r.grantable, ...(r.grantable ? {} : { hint: 'You cannot grant this role' }),
  }));
  return <CheckboxGroup legend="Roles" options={options} value={chosen} onChange={onChange} error={error} />;
}
