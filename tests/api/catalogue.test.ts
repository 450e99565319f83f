import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { call, signIn, startTestServer, type TestServer } from '../setup/test-server.ts';

/**
 * The spec's call catalogue: every call of section 7 of both spec documents
 * (A = access-shell-admin.md, D = dashboard-data-calls.md), with its method, its path (path
 * parameters in braces) and the query parameters the spec names. A call both documents list is
 * listed once. Calls whose method or path the spec does not show ("load my brokerage", "single
 * lead by opportunity id", "update of the current user sends password") are not in the table.

 */
interface CatalogueCall {
  doc: 'A' | 'D' | 'A+D';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string>;
}

const PAGE = { pageIndex: '0', pageSize: '10' };

export const CATALOGUE: CatalogueCall[] = [
  // Authentication
  { doc: 'A+D', method: 'POST', path: '/auth/oauth2.0/accessToken' },
  { doc: 'A+D', method: 'GET', path: '/auth/logout' },
  // The agent's one-time-password login: the authorisation endpoint on the provider's API host.
  {
    doc: 'A',
    method: 'GET',
    path: '/auth/oauth2.0/authorize',
    query: { response_type: 'code', client_id: 'x', redirect_uri: 'http://agents.localhost/', code_challenge: 'x' },
  },

  // Users
  { doc: 'A+D', method: 'GET', path: '/users-api/users' },
  { doc: 'A+D', method: 'POST', path: '/users-api/users' },
  { doc: 'A+D', method: 'GET', path: '/users-api/users/{id}' },
  { doc: 'A+D', method: 'PATCH', path: '/users-api/users/{id}' }, // also psiLastLogin
  { doc: 'A+D', method: 'DELETE', path: '/users-api/users/{id}' },
  { doc: 'A+D', method: 'GET', path: '/users-api/users/me' },
  { doc: 'A+D', method: 'GET', path: '/users-api/users/checkContactInfo' },
  { doc: 'A+D', method: 'POST', path: '/users-api/users/passwordReset' },
  { doc: 'A+D', method: 'PUT', path: '/users-api/invites/code/{code}' },
  { doc: 'A+D', method: 'POST', path: '/users-api/invites' },
  { doc: 'A+D', method: 'GET', path: '/users-api/users/resendInvite/{id}' },
  { doc: 'A+D', method: 'GET', path: '/users-api/userRoles' },
  { doc: 'A+D', method: 'POST', path: '/users-api/users/{id}/roles' },
  { doc: 'A+D', method: 'DELETE', path: '/users-api/users/{id}/roles/{roleId}' },
  { doc: 'A+D', method: 'GET', path: '/users-api/flexAttributes' },
  { doc: 'A+D', method: 'POST', path: '/users-api/users/{id}/flexAttributes' },
  { doc: 'A+D', method: 'PATCH', path: '/users-api/users/{id}/flexAttributes/{attrId}' },
  { doc: 'A+D', method: 'DELETE', path: '/users-api/users/{id}/flexAttributes/{attrId}' },
  { doc: 'A+D', method: 'GET', path: '/users-api/announcements' },
  { doc: 'A+D', method: 'POST', path: '/users-api/announcements' },
  { doc: 'A+D', method: 'POST', path: '/users-api/announcements/status' },
  { doc: 'A+D', method: 'GET', path: '/users-api/emailSettings', query: { email: 'broker@demo.test' } },
  { doc: 'A+D', method: 'GET', path: '/users-api/emailSettings/templates' },
  { doc: 'A+D', method: 'POST', path: '/users-api/emailSettings' },
  { doc: 'A+D', method: 'DELETE', path: '/users-api/emailSettings/{id}' },
  {
    doc: 'A+D',
    method: 'GET',
    path: '/users-api/users/viewed-item-tracking/location/{loc}',
    query: { pageNumber: '0', pageSize: '10', viewed: 'true' },
  },
  { doc: 'A+D', method: 'PUT', path: '/users-api/users/viewed-item-tracking/location/{loc}/item/{item}' },
  { doc: 'A+D', method: 'GET', path: '/users-api/lead-suppliers' },
  { doc: 'A+D', method: 'GET', path: '/users-api/oauth-connectors/cloze' },
  { doc: 'A+D', method: 'GET', path: '/users-api/oauth-connectors/cloze/callback', query: { code: 'x', state: 'x' } },
  { doc: 'A+D', method: 'GET', path: '/users-api/oauth-connectors/info/{x}' },
  { doc: 'A+D', method: 'DELETE', path: '/users-api/oauth-connectors/token/{a}/{b}' },

  // Agents
  {
    doc: 'A+D',
    method: 'GET',
    path: '/agents-api/agents',
    query: { ...PAGE, sort: 'name.last,ASC', name: 'a', status: 'ACTIVE' },
  },
  { doc: 'A+D', method: 'GET', path: '/agents-api/agents/{id}' },
  { doc: 'A+D', method: 'PATCH', path: '/agents-api/agents/{id}' }, // agentDesktopLastAccessed
  { doc: 'D', method: 'DELETE', path: '/agents-api/agents/{id}' },
  { doc: 'D', method: 'POST', path: '/agents-api/agents/enrollment' },
  { doc: 'D', method: 'PATCH', path: '/agents-api/agents/{id}/reactivate' },
  { doc: 'A+D', method: 'GET', path: '/agents-api/agents/boost' },
  { doc: 'D', method: 'GET', path: '/agents-api/agents/leaderboard', query: { ...PAGE, sort: 'name,ASC' } },
  { doc: 'D', method: 'GET', path: '/agents-api/agents/{id}/referrals' },
  { doc: 'D', method: 'GET', path: '/agents-api/agents/{id}/referrals/{refId}' },
  { doc: 'D', method: 'PATCH', path: '/agents-api/agents/{id}/referrals/{refId}' },
  { doc: 'D', method: 'GET', path: '/agents-api/agents/{id}/referrals/{refId}/events' },
  { doc: 'D', method: 'POST', path: '/agents-api/agents/{id}/referrals/{refId}/notes' },
  { doc: 'D', method: 'GET', path: '/agents-api/agents/{id}/notes' },
  { doc: 'D', method: 'POST', path: '/agents-api/agents/{id}/notes' },
  { doc: 'D', method: 'POST', path: '/agents-api/email' },
  { doc: 'D', method: 'POST', path: '/agents-api/notifications/sample' },
  { doc: 'D', method: 'GET', path: '/agents-api/notifications/mobile' },
  {
    doc: 'A',
    method: 'GET',
    path: '/agents-api/notifications',
    query: { pageIndex: '0', pageSize: '24', sort: 'sent,DESC', fromDate: '2026-01-01' },
  },
  { doc: 'D', method: 'GET', path: '/agents-api/performanceMetrics/responseTime/{id}' },
  { doc: 'D', method: 'GET', path: '/agents-api/potentialAgents' },
  { doc: 'D', method: 'POST', path: '/agents-api/potentialAgents' },
  { doc: 'D', method: 'GET', path: '/agents-api/potentialAgents/{id}' },
  { doc: 'D', method: 'PATCH', path: '/agents-api/potentialAgents/{id}' },
  { doc: 'D', method: 'DELETE', path: '/agents-api/potentialAgents/{id}' },
  { doc: 'D', method: 'POST', path: '/agents-api/potentialAgents/invite/{id}' },
  { doc: 'D', method: 'GET', path: '/agents-api/potentialAgents/invite/code/{code}' },
  { doc: 'D', method: 'PATCH', path: '/agents-api/potentialAgents/invite/code/{code}' },
  { doc: 'D', method: 'DELETE', path: '/agents-api/potentialAgents/invite/code/{code}' },
  { doc: 'D', method: 'GET', path: '/agents-api/adminHoldReasons' },
  { doc: 'D', method: 'POST', path: '/agents-api/agents/{id}/adminHoldReason' },
  { doc: 'D', method: 'DELETE', path: '/agents-api/agents/{id}/adminHoldReason/{reasonId}' },
  { doc: 'D', method: 'POST', path: '/agents-api/agents/{id}/coverageAreas' },
  { doc: 'D', method: 'DELETE', path: '/agents-api/agents/{id}/coverageAreas/{areaId}' },
  { doc: 'D', method: 'POST', path: '/agents-api/agents/{id}/excludedAreas/{areaId}' },
  { doc: 'D', method: 'DELETE', path: '/agents-api/agents/{id}/excludedAreas/{areaId}' },
  { doc: 'A+D', method: 'GET', path: '/agents-api/appVersion' },
  { doc: 'D', method: 'GET', path: '/agents-api/mls-board' },

  // Brokerages
  {
    doc: 'D',
    method: 'GET',
    path: '/agents-api/brokerages',
    query: { ...PAGE, sort: 'name,ASC', name: 'a', productFamily: 'x' },
  },
  { doc: 'D', method: 'GET', path: '/agents-api/brokerages/names' },
  { doc: 'D', method: 'GET', path: '/agents-api/brokerages/{id}' },
  { doc: 'D', method: 'PATCH', path: '/agents-api/brokerages/{id}' },
  { doc: 'D', method: 'PUT', path: '/agents-api/brokerages/{id}' },
  { doc: 'D', method: 'GET', path: '/agents-api/brokerages/{id}/stats' },
  { doc: 'D', method: 'GET', path: '/agents-api/brokerages/{id}/referrals' },
  { doc: 'D', method: 'GET', path: '/agents-api/brokerages/{id}/agentInvitations/stats' },
  { doc: 'D', method: 'GET', path: '/agents-api/brokerNotes' },
  { doc: 'D', method: 'POST', path: '/agents-api/brokerNotes' },
  { doc: 'D', method: 'GET', path: '/agents-api/product' },
  { doc: 'D', method: 'GET', path: '/agents-api/brokerages/{id}/apination' },
  { doc: 'D', method: 'POST', path: '/agents-api/brokerages/{id}/apination/enable' },
  { doc: 'D', method: 'POST', path: '/agents-api/brokerages/{id}/apination/disable' },

  // Opportunities and interviews
  { doc: 'D', method: 'GET', path: '/interviews-api/opportunities', query: PAGE },
  { doc: 'D', method: 'GET', path: '/interviews-api/opportunities/{id}' },
  { doc: 'D', method: 'PATCH', path: '/interviews-api/opportunities/{id}' },
  { doc: 'D', method: 'GET', path: '/interviews-api/opportunities/search', query: { value: 'a*' } },
  { doc: 'D', method: 'POST', path: '/interviews-api/agent-connection/forceReferralAssignment' },
  { doc: 'D', method: 'DELETE', path: '/interviews-api/opportunities/{id}/assignedAgent' },
  { doc: 'D', method: 'POST', path: '/interviews-api/opportunities/{id}/notes' },
  { doc: 'D', method: 'PUT', path: '/interviews-api/opportunities/{id}/status' },
  { doc: 'D', method: 'GET', path: '/interviews-api/opportunities/{id}/lender' },
  { doc: 'D', method: 'POST', path: '/interviews-api/opportunities/sms' },
  { doc: 'D', method: 'GET', path: '/interviews-api/interactions', query: { pageIndex: '0', pageSize: '100' } },
  { doc: 'D', method: 'POST', path: '/interviews-api/interactions' },
  { doc: 'D', method: 'PATCH', path: '/interviews-api/interactions/{id}' },
  { doc: 'D', method: 'GET', path: '/interviews-api/interactions/{id}/recordings' },
  { doc: 'D', method: 'GET', path: '/interviews-api/recordings' },
  { doc: 'D', method: 'GET', path: '/interviews-api/dispositions', query: { pageSize: '1000', sort: 'category,ASC' } },
  { doc: 'D', method: 'GET', path: '/interviews-api/conversation', query: { pageIndex: '0', pageSize: '100' } },
  { doc: 'D', method: 'GET', path: '/interviews-api/contactNumbers' },
  { doc: 'A+D', method: 'GET', path: '/interviews-api/DNC/search', query: { ...PAGE, value: '555', blocked: 'true' } },
  { doc: 'A+D', method: 'POST', path: '/interviews-api/DNC' },
  { doc: 'A+D', method: 'PATCH', path: '/interviews-api/DNC/{id}' },
  { doc: 'A+D', method: 'DELETE', path: '/interviews-api/DNC/delete' },
  { doc: 'D', method: 'GET', path: '/interviews-api/content-items/usageTypes' },
  { doc: 'D', method: 'GET', path: '/interviews-api/content-items/usages' },
  { doc: 'D', method: 'GET', path: '/interviews-api/content-items/audiences', query: { pageSize: '200' } },
  { doc: 'D', method: 'GET', path: '/interviews-api/content-items/best-match' },
  { doc: 'D', method: 'GET', path: '/interviews-api/content-items/all-match' },
  { doc: 'D', method: 'GET', path: '/interviews-api/content-items/{id}/history' },
  { doc: 'D', method: 'PATCH', path: '/interviews-api/content-items/{id}' },
  { doc: 'D', method: 'GET', path: '/interviews-api/partners/{id}' },
  {
    doc: 'D',
    method: 'GET',
    path: '/interviews-api/broker-leads',
    query: { pageIndex: '0', pageSize: '5', sort: 'created,DESC' },
  },
  { doc: 'D', method: 'GET', path: '/interviews-api/broker-leads/{id}' },
  {
    doc: 'D',
    method: 'GET',
    path: '/interviews-api/broker-leads/{id}/opportunityStatusStats',
    query: { leadType: 'ALL' },
  },
  { doc: 'D', method: 'GET', path: '/interviews-api/broker-leads/leadSourceCount/{id}' },
  { doc: 'D', method: 'GET', path: '/interviews-api/broker-leads/{id}/referralStageStats' },
  { doc: 'D', method: 'GET', path: '/interviews-api/broker-leads/{id}/lead-progression-stats' },
  { doc: 'D', method: 'GET', path: '/interviews-api/zipCodes/{zip}' },
  { doc: 'D', method: 'GET', path: '/interviews-api/geography' },
  { doc: 'D', method: 'GET', path: '/interviews-api/markets' },
  { doc: 'D', method: 'GET', path: '/interviews-api/agent-support/cases' },
  { doc: 'D', method: 'GET', path: '/interviews-api/agentAssignments' },
  { doc: 'D', method: 'GET', path: '/interviews-api/agentInvitations/stats/{ids}' },

  // Workflow, leads, contact center, lenders
  { doc: 'D', method: 'GET', path: '/workflow-api/tasks' },
  { doc: 'D', method: 'GET', path: '/leads-api/leadstats/{id}', query: { ingestedDate: '2026-01' } },
  { doc: 'D', method: 'GET', path: '/leads-api/lead-supplier-zip-codes' },
  { doc: 'D', method: 'POST', path: '/leads-api/lead-supplier-zip-codes' },
  { doc: 'D', method: 'DELETE', path: '/leads-api/lead-supplier-zip-codes/{id}/{zip}' },
  { doc: 'D', method: 'POST', path: '/leads-api/lead-supplier-zip-codes/bulk' },
  { doc: 'D', method: 'GET', path: '/leads-api/lead-supplier-limit' },
  { doc: 'D', method: 'POST', path: '/leads-api/lead-supplier-limit' },
  { doc: 'D', method: 'PATCH', path: '/leads-api/lead-supplier-limit/{id}' },
  { doc: 'D', method: 'POST', path: '/contact-center-api/sms' },
  { doc: 'D', method: 'GET', path: '/contact-center-api/proxy/twilio-api/tasks' },
  { doc: 'D', method: 'DELETE', path: '/contact-center-api/proxy/twilio-api/tasks/{id}' },
  { doc: 'D', method: 'POST', path: '/contact-center-api/proxy/google-api/validate-address' },
  { doc: 'D', method: 'GET', path: '/lenders-api/loan-offices' },
  { doc: 'D', method: 'GET', path: '/lenders-api/loan-offices/{id}' },
  { doc: 'D', method: 'GET', path: '/lenders-api/loan-officers', query: { sort: 'lastName,ASC' } },
  { doc: 'D', method: 'POST', path: '/lenders-api/loan-officers' },
  { doc: 'D', method: 'GET', path: '/lenders-api/loan-officers/{id}' },
  { doc: 'D', method: 'GET', path: '/lenders-match-api/lender-assignments' },
];

/**
 * A concrete URL for a catalogue path: numeric parameters get an id no seeded row has, so a write
 * the check sends answers "no such ..." instead of changing a row; other parameters get a word.
 */
function sampleUrl(c: CatalogueCall): string {
  const sample: Record<string, string> = {
    zip: '30301',
    loc: 'marketplace',
    item: '999999',
    code: 'no-such-code',
    x: 'cloze',
    a: 'cloze',
    b: '999999',
    ids: '999999,999998',
  };
  const path = c.path.replace(/\{(\w+)\}/g, (_, name: string) => sample[name] ?? '999999');
  const qs = new URLSearchParams(c.query ?? {}).toString();
  return qs ? `${path}?${qs}` : path;
}

/** The router's own answer for a path it has no route for (server/app.ts notFound). */
const isRouterNotFound = (status: number, body: unknown) =>
  status === 404 &&
  typeof body === 'object' &&
  body !== null &&
  (body as { message?: unknown }).message === 'Not found';

describe('the spec call catalogue', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await signIn(server, 'admin@demo.test')).token;
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists each call once', () => {
    const keys = CATALOGUE.map((c) => `${c.method} ${c.path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('tells a routed call from an unrouted one', async () => {
    const res = await call(server, 'GET', '/agents-api/no-such-call', { token });
    expect(isRouterNotFound(res.status, res.body)).toBe(true);
    const routed = await call(server, 'GET', '/agents-api/agents/999999', { token });
    expect(isRouterNotFound(routed.status, routed.body)).toBe(false);
  });

  it("serves every call of both documents' section 7 at its method and path", async () => {
    const missing: string[] = [];
    let served = 0;
    // Logout last: it ends the session the other calls use.
    const ordered = [...CATALOGUE].sort(
      (a, b) => Number(a.path === '/auth/logout') - Number(b.path === '/auth/logout'),
    );
    for (const c of ordered) {
      const res = await call(server, c.method, sampleUrl(c), { token });
      const routed = !isRouterNotFound(res.status, res.body);
      if (routed) served++;
      else missing.push(`${c.method} ${c.path}`);
      // Whatever a routed call answers to this bare request, it is never a server error.
      if (routed) expect(res.status, `${c.method} ${sampleUrl(c)}`).toBeLessThan(500);
    }
    console.log(`served ${served} of ${CATALOGUE.length} calls`);
    expect(missing, 'calls of the spec the app does not route').toEqual([]);
    expect(served).toBe(CATALOGUE.length);
  });
});
