import { describe, expect, it } from 'vitest';

import { canGrant, canManageUser } from '../../src/access/role-grants.ts';
import type { Role } from '../../src/access/roles.ts';

// Who may grant what (src/access/role-grants.ts): [holder's roles, role, may grant].
const GRANTS: [Role[], Role, boolean][] = [
  [['ADMIN'], 'ADMIN', true],
  [['ADMIN'], 'MANAGER', true],
  [['ADMIN'], 'CSR', true],
  [['ADMIN'], 'DS_TEAM', true],
  [['ADMIN'], 'BROKERAGE_ADMIN', true],
  [['ADMIN'], 'LOAN_OFFICE_ADMIN', true],
  [['ADMIN'], 'AGENT', false],
  [['MANAGER'], 'MANAGER', true],
  [['MANAGER'], 'ADMIN', false],
  [['MANAGER'], 'QA_TEAM', false],
  [['MANAGER'], 'BROKERAGE_ADMIN', true],
  [['QA_TEAM'], 'QA_TEAM', true],
  [['QA_TEAM'], 'CSR', false],
  [['CSR_SUPERVISOR', 'CSR'], 'CSR', true],
  [['CSR_SUPERVISOR'], 'CSR_SUPERVISOR', true],
  [['CSR_SUPERVISOR'], 'AGENT_ENGAGEMENT', false],
  [['AGENT_ENGAGEMENT'], 'AGENT_ENGAGEMENT', false],
  [['BROKERAGE_ADMIN'], 'BROKERAGE_ADMIN', false],
  [['CSR'], 'CSR', false],
];

describe('granting roles in User Management', () => {
  it.each(GRANTS)('%j may grant %s: %s', (held, role, ok) => {
    expect(canGrant(held, role)).toBe(ok);
  });
  it('lets a manager change only users whose every role the manager could grant', () => {
    expect(canManageUser(['MANAGER'], ['BROKERAGE_ADMIN'])).toBe(true);
    expect(canManageUser(['MANAGER'], ['ADMIN'])).toBe(false);
    expect(canManageUser(['MANAGER'], ['AGENT'])).toBe(true);
    expect(canManageUser(['ADMIN'], ['ADMIN', 'DS_TEAM'])).toBe(true);
    expect(canManageUser(['AGENT_ENGAGEMENT'], ['CSR'])).toBe(false);
  });
});
