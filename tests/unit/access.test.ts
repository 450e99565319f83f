import { describe, expect, it } from 'vitest';

import {
  canAccess,
  defaultRouteFor,
  guard,
  landingFor,
  matchRoute,
  overviewRedirect,
} from '../../src/access/access.ts';
import { routeById } from '../../src/access/route-table.ts';

// Spec 1 section 6 (and spec 2 section 2): every route with the roles that may open it.
const ACCESS: [string, string[]][] = [
  [
    '/console',
    [
      'ADMIN',
      'BROKERAGE_ADMIN',
      'MANAGER',
      'QA_TEAM',
      'CSR_SUPERVISOR',
      'AGENT_ENGAGEMENT',
      'CSR',
      'LOAN_OFFICE_ADMIN',
    ],
  ],
  ['/console/brokerages', ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT']],
  ['/console/brokerages/view/3', ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT']],
  [
    '/console/brokerages/view/3/agent/9/referral/4',
    ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT'],
  ],
  ['/console/brokerages/email/3', ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT']],
  ['/console/agents', ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT']],
  ['/console/agents/view/9/referral/4', ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT']],
  ['/console/lenders', ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT', 'LOAN_OFFICE_ADMIN']],
  ['/console/lenders/view/1', ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT']],
  [
    '/console/opportunities',
    ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT', 'CSR_VIEW_OPPORTUNITIES'],
  ],
  [
    '/console/opportunities/view/5',
    ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT', 'CSR_VIEW_OPPORTUNITIES'],
  ],
  ['/console/user-management', ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR']],
  ['/console/user-management/create', ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR']],
  ['/console/user-management/edit/2', ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR']],
  ['/console/supplier-management', ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR']],
  ['/console/supplier-management/create', ['ADMIN']],
  ['/console/supplier-management/view/2', ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR']],
  ['/console/qa-review', ['ADMIN', 'QA_TEAM']],
  ['/console/qa-review/opportunity/5', ['ADMIN', 'QA_TEAM']],
  ['/console/announcements', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN', 'MANAGER', 'CSR_SUPERVISOR']],
  ['/console/agent-assignments', ['ADMIN', 'MANAGER', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT']],
  ['/console/simulator', ['ADMIN', 'MANAGER', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT']],
  ['/console/content-search', ['ADMIN', 'MANAGER', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT']],
  ['/console/content-search/view/8', ['ADMIN', 'MANAGER', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT']],
  ['/console/twilio-tasks', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN', 'CSR_VIEW_OPPORTUNITIES']],
  ['/console/messages', ['ADMIN', 'AGENT_ENGAGEMENT']],
  ['/console/bulk-sms-send', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN', 'CSR_VIEW_OPPORTUNITIES']],
  ['/console/dnc-list', ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT', 'CSR']],
  ['/console/my-agents', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN']],
  ['/console/my-agents/view/4', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN']],
  ['/console/my-agents/view/4/referral/2', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN']],
  ['/console/my-agents/questionnaire/4', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN']],
  ['/console/my-referrals', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN']],
  ['/console/my-referrals/view/2', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN']],
  ['/console/my-leads', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN']],
  ['/console/my-leads/view/2', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN']],
  ['/console/my-notifications', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN', 'MANAGER', 'CSR_SUPERVISOR']],
  ['/console/my-announcements', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN']],
  ['/console/my-admins', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN']],
  ['/console/my-admins/view/2', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN']],
  ['/console/my-metrics', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN']],
  ['/console/marketplace', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN']],
  ['/console/my-loan-officers', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN', 'LOAN_OFFICE_ADMIN']],
  [
    '/console/my-loan-officers/view/2',
    ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT', 'LOAN_OFFICE_ADMIN'],
  ],
  ['/console/lender-referrals', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN', 'LOAN_OFFICE_ADMIN']],
  [
    '/console/lender-referrals/view/2',
    ['ADMIN', 'MANAGER', 'QA_TEAM', 'CSR_SUPERVISOR', 'AGENT_ENGAGEMENT', 'LOAN_OFFICE_ADMIN'],
  ],
  ['/console/agent-followups', ['AGENT']],
  ['/console/agent-followups/view/2', ['AGENT']],
  ['/console/agent-funnel', ['AGENT']],
  ['/console/agent-profile', ['AGENT']],
  ['/console/agent-announcements', ['AGENT']],
  ['/console/settings/email', ['BROKERAGE_ADMIN']],
  ['/console/dashboard', ['ADMIN', 'AGENT_ENGAGEMENT', 'BROKERAGE_ADMIN', 'CSR', 'LOAN_OFFICE_ADMIN']],
];

const ALL_ROLES = [
  'ADMIN',
  'BROKERAGE_ADMIN',
  'AGENT',
  'MANAGER',
  'CSR_SUPERVISOR',
  'CSR',
  'CSR_VIEW_OPPORTUNITIES',
  'AGENT_ENGAGEMENT',
  'QA_TEAM',
  'LOAN_OFFICE_ADMIN',
  'LEAD_SUPPLIER',
  'DS_TEAM',
];

describe('route access', () => {
  it.each(ACCESS)('%s admits exactly %j', (path, allowed) => {
    const match = matchRoute(path);
    expect(match, path).toBeDefined();
    for (const role of ALL_ROLES)
      expect(canAccess([role], match!.route), `${role} on ${path}`).toBe(allowed.includes(role));
  });

  it.each([
    '/',
    '/login',
    '/register',
    '/register/ABC',
    '/forgot-password',
    '/agent-onboarding',
    '/agent-onboarding/XYZ',
    '/agent-onboarding/XYZ/decline',
    '/cloze',
    '/404',
  ])('the public route %s needs no sign-in', (path) => {
    expect(matchRoute(path)?.route.roles).toBeUndefined();
  });

  it('reads path parameters', () => {
    expect(matchRoute('/console/brokerages/view/3/agent/9/referral/4')).toMatchObject({
      route: { id: 'brokerage-agent-referral' },
      params: { id: '3', agentId: '9', referralId: '4' },
    });
    expect(matchRoute('/register/DEMO-INVITE-1')?.params).toEqual({ code: 'DEMO-INVITE-1' });
  });

  it('does not know unknown paths (the router sends them to /404)', () => {
    expect(matchRoute('/console/nope')).toBeUndefined();
    expect(matchRoute('/elsewhere')).toBeUndefined();
  });
});

describe('default routes', () => {
  it.each([
    ['ADMIN', '/console/brokerages'],
    ['MANAGER', '/console/brokerages'],
    ['QA_TEAM', '/console/brokerages'],
    ['CSR_SUPERVISOR', '/console/brokerages'],
    ['AGENT_ENGAGEMENT', '/console/brokerages'],
    ['BROKERAGE_ADMIN', '/console'],
    ['CSR', '/console'],
    ['CSR_VIEW_OPPORTUNITIES', '/console/opportunities'],
    ['AGENT', '/console/agent-followups'],
    ['LOAN_OFFICE_ADMIN', '/console'],
    ['LEAD_SUPPLIER', '/console'],
    ['DS_TEAM', '/console'],
  ])('%s lands on %s', (role, path) => {
    expect(defaultRouteFor(role)).toBe(path);
  });

  it('uses the first role and sends a user without roles to /login', () => {
    expect(landingFor(['BROKERAGE_ADMIN', 'LEAD_SUPPLIER'])).toBe('/console');
    expect(landingFor(['CSR_VIEW_OPPORTUNITIES', 'ADMIN'])).toBe('/console/opportunities');
    expect(landingFor([])).toBe('/login');
  });
});

describe('the route guard', () => {
  const now = 1_000_000;
  const live = { accessToken: 't', expiresAt: now + 60_000 };
  const brokerages = routeById('brokerages');
  const overview = routeById('overview');
  it.each([
    ['no session', null, ['ADMIN'], brokerages, { action: 'redirect', to: '/login' }],
    [
      'no access token',
      { accessToken: '', expiresAt: now + 1 },
      ['ADMIN'],
      brokerages,
      { action: 'redirect', to: '/login' },
    ],
    [
      'an expired session',
      { accessToken: 't', expiresAt: now },
      ['ADMIN'],
      brokerages,
      { action: 'redirect', to: '/login' },
    ],
    ['no role for /console itself', live, ['AGENT'], overview, { action: 'redirect', to: '/login' }],
    [
      "no role: the first role's default route",
      live,
      ['AGENT'],
      brokerages,
      { action: 'redirect', to: '/console/agent-followups' },
    ],
    [
      'no role, a role without a default: /console',
      live,
      ['LEAD_SUPPLIER'],
      brokerages,
      { action: 'redirect', to: '/console' },
    ],
    ['no roles at all: /login', live, [], brokerages, { action: 'redirect', to: '/login' }],
    ['a role of the route', live, ['MANAGER'], brokerages, { action: 'allow' }],
  ] as const)('with %s', (_, session, roles, route, expected) => {
    expect(guard({ route, session, roles, now })).toEqual(expected);
  });

  it('sends ADMIN from the overview to brokerages unless impersonating', () => {
    expect(overviewRedirect(['ADMIN'], false)).toBe('/console/brokerages');
    expect(overviewRedirect(['ADMIN'], true)).toBeUndefined();
    expect(overviewRedirect(['CSR'], false)).toBeUndefined();
  });
});

describe('role display names', () => {
  it('title-cases the enum as the spec says, keeping the abbreviations in capitals', async () => {
    const { roleDisplayName, ROLES, roleDescription, roleGroupOf } = await import('../../src/access/roles.ts');
    expect(roleDisplayName('CSR_VIEW_OPPORTUNITIES')).toBe('CSR View Opportunities');
    expect(roleDisplayName('DS_TEAM')).toBe('DS Team');
    expect(roleDisplayName('CSR_SUPERVISOR')).toBe('CSR Supervisor');
    expect(roleDisplayName('BROKERAGE_ADMIN')).toBe('Brokerage Admin');
    for (const r of ROLES) {
      expect(roleDisplayName(r)).not.toMatch(/_|Csr|Qa |Ds /);
      expect(roleDescription(r).length).toBeGreaterThan(10);
      expect(['staff', 'brokerage', 'lender', 'technical']).toContain(roleGroupOf(r));
    }
  });
});
