import { describe, expect, it } from 'vitest';

// Type only: importing the fixtures' values would load Playwright.
import type { AppPath } from '../../e2e/fixtures.ts';
import { matchRoute } from '../../src/access/access.ts';

// The e2e fixtures type every path a test opens (`AppPath` in e2e/fixtures.ts) from the patterns of
// the route table (src/access/route-table.ts), so a path no route answers fails the typecheck: the
// `@ts-expect-error` lines below fail it the day such a path is accepted. The routing agrees.

const OPENED = [
  '/',
  '/login',
  '/console',
  '/console/my-leads',
  '/console/my-leads?name=Ada&page=2',
  '/console/my-agents/view/7',
  '/console/brokerages/view/3/agent/9/referral/12',
  '/console/agent-followups/sync',
  '/register/DEMO-INVITE-5',
  '/agent-onboarding',
  '/agent-onboarding/INVITE-1',
  '/agent-onboarding/INVITE-1/decline',
] as const satisfies readonly AppPath[];

// @ts-expect-error a console section no route has
const noSection: AppPath = '/console/no-such-section';
// @ts-expect-error a page under a section that no pattern of it matches
const noPattern: AppPath = '/console/my-leads/edit/3';
// @ts-expect-error a public page misspelled
const misspelled: AppPath = '/logn';
const REFUSED = [noSection, noPattern, misspelled];

describe('the e2e paths follow the route table', () => {
  it('accepts the paths the routes answer, each matched by the route table', () => {
    for (const path of OPENED) expect(matchRoute(path.split('?')[0]!), path).toBeDefined();
  });

  it('refuses, in the typecheck, paths no route answers (and the routing finds none either)', () => {
    for (const path of REFUSED) expect(matchRoute(path), path).toBeUndefined();
  });
});
