import { describe, expect, it } from 'vitest';

import { navigationFor, userTypeOf, type NavEntry } from '../../src/access/navigation.ts';
import { roleTypeOf, type Role } from '../../src/access/roles.ts';

const roles = (...names: Role[]) => names.map((name) => ({ name, type: roleTypeOf(name) }));
const labels = (entries: NavEntry[]): string[] =>
  entries.flatMap((e) => (e.kind === 'link' ? [e.label] : [`${e.label} >`, ...e.children.map((c) => `  ${c.label}`)]));

describe('navigation by user type', () => {
  it('a lender sees Overview, My Loan Officers, My Referrals', () => {
    expect(
      labels(navigationFor({ roles: roles('LOAN_OFFICE_ADMIN'), impersonating: null, hasLeadGenius: false })),
    ).toEqual(['Overview', 'My Loan Officers', 'My Referrals']);
  });

  it('a broker admin sees My Leads only when the brokerage has LeadGenius', () => {
    const base = [
      'Overview',
      'My Agents',
      'My Referrals',
      'My Notifications',
      'My Announcements',
      'My Admins',
      'My Metrics',
      'Marketplace',
    ];
    expect(
      labels(navigationFor({ roles: roles('BROKERAGE_ADMIN'), impersonating: null, hasLeadGenius: false })),
    ).toEqual(base);
    expect(
      labels(navigationFor({ roles: roles('BROKERAGE_ADMIN'), impersonating: null, hasLeadGenius: true })),
    ).toEqual(['Overview', 'My Agents', 'My Referrals', 'My Leads', ...base.slice(3)]);
  });

  it('an agent sees Follow-ups, My Funnel, Announcements, Profile', () => {
    expect(labels(navigationFor({ roles: roles('AGENT'), impersonating: null, hasLeadGenius: true }))).toEqual([
      'Follow-ups',
      'My Funnel',
      'Announcements',
      'Profile',
    ]);
  });

  it('ADMIN sees every staff entry, Bulk SMS Send included', () => {
    expect(labels(navigationFor({ roles: roles('ADMIN'), impersonating: null, hasLeadGenius: false }))).toEqual([
      'Brokers',
      'Agents',
      'Lenders',
      'Opp. Manager >',
      '  Opportunities',
      '  DNC List',
      '  Bulk SMS Send',
      'User Management',
      'QA Review',
      'Announcements',
      'Diagnostic Tools >',
      '  Agent Assignments',
      '  Twilio Tasks',
      '  Messages',
      'Dynamic Content >',
      '  Simulator',
      '  Content Search',
      'Supplier Management',
      'Impersonation Audit',
    ]);
  });

  it('AGENT_ENGAGEMENT may open bulk SMS but its entry is for ADMIN only', () => {
    const entries = labels(
      navigationFor({ roles: roles('AGENT_ENGAGEMENT'), impersonating: null, hasLeadGenius: false }),
    );
    expect(entries).not.toContain('  Bulk SMS Send');
    expect(entries).not.toContain('QA Review');
    expect(entries).toContain('  DNC List');
    expect(entries).toContain('  Messages');
  });

  it('the Messages entry is for ADMIN and AGENT_ENGAGEMENT only', () => {
    for (const role of ['MANAGER', 'CSR_SUPERVISOR', 'QA_TEAM'] as const) {
      expect(labels(navigationFor({ roles: roles(role), impersonating: null, hasLeadGenius: false }))).not.toContain(
        '  Messages',
      );
    }
  });

  it('CSR sees the overview and the DNC list only', () => {
    expect(labels(navigationFor({ roles: roles('CSR'), impersonating: null, hasLeadGenius: false }))).toEqual([
      'Overview',
      'Opp. Manager >',
      '  DNC List',
    ]);
  });

  it('CSR_VIEW_OPPORTUNITIES sees opportunities and the Twilio tasks it may open', () => {
    expect(
      labels(navigationFor({ roles: roles('CSR_VIEW_OPPORTUNITIES'), impersonating: null, hasLeadGenius: false })),
    ).toEqual(['Opp. Manager >', '  Opportunities', 'Diagnostic Tools >', '  Twilio Tasks']);
  });

  it('QA_TEAM does not see entries it cannot open', () => {
    const entries = labels(navigationFor({ roles: roles('QA_TEAM'), impersonating: null, hasLeadGenius: false }));
    expect(entries).toContain('QA Review');
    expect(entries).not.toContain('Announcements');
    expect(entries).not.toContain('Diagnostic Tools >');
  });

  it('staff impersonating a brokerage get the broker admin navigation, a loan office the lender one', () => {
    expect(userTypeOf({ roles: roles('ADMIN'), impersonating: 'brokerage' })).toBe('broker');
    expect(labels(navigationFor({ roles: roles('ADMIN'), impersonating: 'loanOffice', hasLeadGenius: false }))).toEqual(
      ['Overview', 'My Loan Officers', 'My Referrals'],
    );
  });
});
