import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Locator, type Page, type Response } from '@playwright/test';
import * as v from 'valibot';

import { hasProviderRole, isAgentOnly } from '../src/access/roles.ts';
import type { RoutePath } from '../src/access/route-table.ts';
import { Agent, BoostStatus } from '../src/contract/agents.ts';
import { TokenResponse } from '../src/contract/auth.ts';
import { Brokerage } from '../src/contract/brokerages.ts';
import type { OutboxPage } from '../src/contract/dev.ts';
import { LoanOffice } from '../src/contract/lenders.ts';
import { Me } from '../src/contract/users.ts';
import { OAUTH_CLIENTS } from '../src/lib/brand.ts';
import { AREA_CODE_ZONES, localHour } from '../src/lib/sms.ts';
import { identifierForPost } from '../src/lib/validation.ts';
import { ASSUMED_SESSION_LIFETIME_MS } from '../src/session/constants.ts';
import { STORAGE_PREFIX } from '../src/session/persisted-store.ts';
import type { Profile, Session } from '../src/session/state.ts';

// Same ports as playwright.config.ts: each worker has its own server, one port up per worker slot.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173) + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const BROKER_ORIGIN = `http://localhost:${E2E_PORT}`;
// Any host not in AGENT_HOSTS is the broker host; agents.localhost is the default agent host.
export const AGENT_ORIGIN = `http://agents.localhost:${E2E_PORT}`;

/** Every demo account's password (docs/spec/DECISIONS.md, demo data). */
export const DEMO_PASSWORD = 'Demo-pass-1';

/** The demo accounts of docs/spec/DECISIONS.md and where each lands after sign-in (spec 1 section 4). */
export const DEMO_IDENTITIES = [
  { identity: 'admin@demo.test', roles: ['ADMIN'], landing: '/console/brokerages' },
  { identity: 'manager@demo.test', roles: ['MANAGER'], landing: '/console/brokerages' },
  { identity: 'qa@demo.test', roles: ['QA_TEAM'], landing: '/console/brokerages' },
  { identity: 'supervisor@demo.test', roles: ['CSR_SUPERVISOR'], landing: '/console/brokerages' },
  { identity: 'engagement@demo.test', roles: ['AGENT_ENGAGEMENT'], landing: '/console/brokerages' },
  { identity: 'csr@demo.test', roles: ['CSR'], landing: '/console' },
  { identity: 'opps@demo.test', roles: ['CSR_VIEW_OPPORTUNITIES'], landing: '/console/opportunities' },
  { identity: 'broker@demo.test', roles: ['BROKERAGE_ADMIN'], landing: '/console' },
  { identity: 'broker.basic@demo.test', roles: ['BROKERAGE_ADMIN'], landing: '/console' },
  { identity: 'supplier@demo.test', roles: ['BROKERAGE_ADMIN', 'LEAD_SUPPLIER'], landing: '/console' },
  { identity: 'lender@demo.test', roles: ['LOAN_OFFICE_ADMIN'], landing: '/console' },
  { identity: 'expired@demo.test', roles: ['BROKERAGE_ADMIN'], landing: '/console' },
  { identity: '(555) 010-0001', roles: ['AGENT'], landing: '/console/agent-followups' },
] as const;

export type DemoIdentity = (typeof DEMO_IDENTITIES)[number]['identity'];
/** Where a demo identity lands after sign-in (spec 1 section 4). */
export const landingOf = (identity: DemoIdentity): AppPath =>
  DEMO_IDENTITIES.find((d) => d.identity === identity)!.landing;
/** A demo identity, or any other email or phone number (an invited user, say). */
export type Identity = DemoIdentity | (string & {});

/** Phone numbers sign in on the agent host; emails on the broker host. */
export const isAgentIdentity = (identity: string) => !identity.includes('@');

/**
 * The paths a route's wouter pattern matches: each `:param` is any text, an optional last one may be
 * left out. `/console/my-agents/view/:id` is `/console/my-agents/view/${string}`.
 */
type PathOf<Pattern extends string> = Pattern extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${PathOf<Tail>}`
  : Pattern extends `${infer Head}/:${string}?`
    ? Head | `${Head}/${string}`
    : Pattern extends `${infer Head}:${string}`
      ? `${Head}${string}`
      : Pattern;
type Query = '' | `?${string}`;
/** A path the console answers, derived from the route table (src/access/route-table.ts): a typo fails the typecheck. */
export type AppPath = `${PathOf<RoutePath>}${Query}`;

export interface NavigateOptions {
  /** 'agent' opens the path on the agent host (http://agents.localhost:<port>). */
  host?: 'broker' | 'agent';
}

/** Opens a console path on the broker host (or the agent host) and waits for the page to load. */
export async function navigate(page: Page, path: AppPath, options: NavigateOptions = {}): Promise<Response | null> {
  return page.goto(options.host === 'agent' ? `${AGENT_ORIGIN}${path}` : path);
}

/**
 * Signs in through the login form, the way a user does: an email on the broker host, the agent's
 * phone number on the agent host. Resolves once the console has left the login page.
 */
export async function login(page: Page, identity: Identity, password: string = DEMO_PASSWORD): Promise<void> {
  const agent = isAgentIdentity(identity);
  await navigate(page, '/login', { host: agent ? 'agent' : 'broker' });
  await page.getByLabel(agent ? 'Phone Number' : 'Email', { exact: true }).fill(identity);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // exact: the agent host also has "Login with One-Time Password".
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login' && url.pathname !== '/');
}

/** The console's host a call is made for: its address, and its Host header (Node does not resolve agents.localhost). */
interface ApiHost {
  address: string;
  host: string;
}

/** A call of the console's API client (src/api/client.ts), made with the test's browser context's request. */
async function apiCall<S extends v.GenericSchema>(
  request: APIRequestContext,
  { address, host }: ApiHost,
  path: string,
  schema: S,
  init: { method?: 'GET' | 'PATCH' | 'POST'; token?: string; json?: unknown; form?: Record<string, string> } = {},
): Promise<v.InferOutput<S>> {
  const headers: Record<string, string> = { Accept: 'application/json', Host: host };
  if (init.token) headers['Authorization'] = `Bearer ${init.token}`;
  const url = `${address}${path}`;
  const response = await request.fetch(url, {
    method: init.method ?? 'GET',
    headers,
    ...(init.json !== undefined ? { data: init.json } : {}),
    ...(init.form ? { form: init.form } : {}),
  });
  expect(response.ok(), `${init.method ?? 'GET'} ${url} answered ${response.status()}: ${await response.text()}`).toBe(
    true,
  );
  return v.parse(schema, await response.json());
}

/** loadProfile's branches (src/session/session.ts): what each kind of user needs loaded at sign-in. */
async function profileOf(
  request: APIRequestContext,
  api: ApiHost,
  token: string,
  me: Me,
  agentHost: boolean,
): Promise<Profile> {
  const profile: Profile = { user: me, brokerage: null, loanOffice: null, agent: null };
  const names = me.roles.map((r) => r.name);
  if (isAgentOnly(me.roles) || (agentHost && names.includes('AGENT'))) {
    if (me.agentId === null) throw new Error(`${me.phone ?? me.id} is an agent without an agent record`);
    await apiCall(request, api, '/agents-api/agents/boost', BoostStatus, { token });
    const agentPath = `/agents-api/agents/${me.agentId}`;
    profile.agent = await apiCall(request, api, agentPath, Agent, { token });
    // The desktop access time is recorded for agent-only users only.
    if (isAgentOnly(me.roles))
      profile.agent = await apiCall(request, api, agentPath, Agent, {
        method: 'PATCH',
        token,
        json: { agentDesktopLastAccessed: new Date().toISOString() },
      });
  } else if (names.includes('BROKERAGE_ADMIN')) {
    if (me.brokerId === null) throw new Error(`${me.email ?? me.id} is a brokerage admin without a brokerage`);
    profile.brokerage = await apiCall(request, api, `/agents-api/brokerages/${me.brokerId}`, Brokerage, { token });
  } else if (names.includes('LOAN_OFFICE_ADMIN') || hasProviderRole(me.roles)) {
    if (me.loanOfficeId !== null)
      profile.loanOffice = await apiCall(request, api, `/lenders-api/loan-offices/${me.loanOfficeId}`, LoanOffice, {
        token,
      });
  } else {
    throw new Error(`${me.email ?? me.phone ?? me.id} has no role the console serves`);
  }
  return profile;
}

/**
 * What the login form's sign-in leaves in the browser (src/session/session.ts signIn and completeSignIn),
 * made by the same calls: the password grant of the host's client (stay_logged_in off, the form's
 * default), users/me, the last-login stamp and the profile's records (loadProfile's branches).
 */
async function signInState(request: APIRequestContext, identity: Identity, password: string) {
  const agentHost = isAgentIdentity(identity);
  const origin = agentHost ? AGENT_ORIGIN : BROKER_ORIGIN;
  const api: ApiHost = { address: BROKER_ORIGIN, host: new URL(origin).host };
  const tokens = await apiCall(request, api, '/auth/oauth2.0/accessToken', TokenResponse, {
    method: 'POST',
    form: {
      grant_type: 'password',
      username: identifierForPost(identity, agentHost ? 'phone' : 'email'),
      password: password.trim(),
      client_id: agentHost ? OAUTH_CLIENTS.agent : OAUTH_CLIENTS.console,
      stay_logged_in: 'false',
    },
  });
  const token = tokens.access_token;
  const now = Date.now();
  const session: Session = {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    tokenType: tokens.token_type,
    expiresIn: tokens.expires_in,
    expiresAt: now + ASSUMED_SESSION_LIFETIME_MS,
    savedAt: now,
  };
  const me = await apiCall(request, api, '/users-api/users/me', Me, { token });
  // As completeSignIn: the last-login stamp and the profile's records do not wait for each other.
  const [user, profile] = await Promise.all([
    apiCall(request, api, `/users-api/users/${me.id}`, Me, {
      method: 'PATCH',
      token,
      json: { psiLastLogin: new Date().toISOString() },
    }),
    profileOf(request, api, token, me, agentHost),
  ]);
  return { origin, session, profile: { ...profile, user }, activity: now, preferences: { autoRefresh: false } };
}

/**
 * Signs in without the login page and opens `path` (on the agent host for a phone number): the one
 * page load of a test whose subject is not signing in (docs/decisions/0125-e2e-signed-in-without-the-form.md).
 * The session is obtained by the calls the login form makes, then written where the console keeps it
 * (the IndexedDB copy first, then localStorage, as keepSession does) from a blank page of the host's
 * origin (robots.txt), so the console starts signed in at `path`. Its first page renews the session
 * silently, as any deep link does. The specs about signing in keep `login()`, the form.
 */
export async function signedIn(
  page: Page,
  identity: Identity,
  path: AppPath,
  password: string = DEMO_PASSWORD,
): Promise<Response | null> {
  const state = await signInState(page.context().request, identity, password);
  await page.goto(`${state.origin}/robots.txt`);
  await page.evaluate(
    async ({ prefix, session, profile, activity, preferences }) => {
      // durable-session.ts: database porchlight-session, store session, key current, { session, savedAt }.
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('porchlight-session', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('session');
        open.onerror = () => reject(open.error ?? new Error('IndexedDB open failed'));
        open.onsuccess = () => {
          const tx = open.result.transaction('session', 'readwrite', { durability: 'strict' });
          tx.objectStore('session').put({ session, savedAt: session.savedAt }, 'current');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
        };
      });
      // state.ts's persisted stores (persisted-store.ts): `${STORAGE_PREFIX}<key>`, JSON.
      localStorage.setItem(`${prefix}session`, JSON.stringify(session));
      localStorage.setItem(`${prefix}preferences`, JSON.stringify(preferences));
      localStorage.setItem(`${prefix}last-activity`, JSON.stringify(activity));
      localStorage.setItem(`${prefix}profile`, JSON.stringify(profile));
    },
    { prefix: STORAGE_PREFIX, ...state },
  );
  return page.goto(`${state.origin}${path}`);
}

/**
 * Once the service worker's first install has activated, reloads the page and waits until the worker
 * controls it: from then on a reload offline is served the console from its precache. For the specs
 * that allow the worker (`test.use({ serviceWorkers: 'allow' })`).
 */
export async function serviceWorkerControls(page: Page): Promise<void> {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Whether the persisted query cache (IndexedDB `porchlight` / `query-cache`) holds `needle` in its JSON. */
export const savedCacheIncludes = (page: Page, needle: string): Promise<boolean> =>
  page.evaluate(
    (text) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('porchlight');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          try {
            const all = open.result.transaction('query-cache').objectStore('query-cache').getAll();
            all.onerror = () => resolve(false);
            all.onsuccess = () => resolve(JSON.stringify(all.result).includes(text));
          } catch {
            resolve(false);
          }
        };
      }),
    needle,
  );

/** The demo outbox (emails and SMS the server "sent"), newest first. */
export async function outbox(request: APIRequestContext, pageSize = 100): Promise<OutboxPage> {
  const response = await request.get(`/dev/outbox?pageSize=${pageSize}`, { headers: { Accept: 'application/json' } });
  expect(response.ok(), `GET /dev/outbox answered ${response.status()}`).toBe(true);
  return (await response.json()) as OutboxPage;
}

/**
 * axe-core on the page as it is now (WCAG 2.0/2.1 A and AA rules): fails the test with the rule ids and
 * the offending nodes when there is any violation. Call it once a screen has rendered its data.
 */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  // In the page itself (axe.run), not axe.runPartial in each frame and axe.finishRun in a new blank page:
  // the console has no frames, and the default way cost a third of the e2e stage (decision 0120). Only
  // the violations carry their nodes: passes and incomplete results are not collected node by node.
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe-core violations on ${page.url()}`).toEqual([]);
}

interface Fixtures {
  /** login(identity) for the test's page. */
  login: (identity: Identity, password?: string) => Promise<void>;
  /** navigate(path) for the test's page. */
  navigate: (path: AppPath, options?: NavigateOptions) => Promise<Response | null>;
  /** signedIn(identity, path) for the test's page. */
  signedIn: (identity: Identity, path: AppPath, password?: string) => Promise<Response | null>;
}

export const test = base.extend<Fixtures>({
  login: async ({ page }, use) => {
    await use((identity, password) => login(page, identity, password));
  },
  navigate: async ({ page }, use) => {
    await use((path, options) => navigate(page, path, options));
  },
  signedIn: async ({ page }, use) => {
    await use((identity, path, password) => signedIn(page, identity, path, password));
  },
});

/** A list's total from its pager ("1 - 10 of 123 referrals"; "-" when there are none), once the table has loaded. */
export async function listTotal(page: Page, pager: string): Promise<number> {
  const slow = expect.configure({ timeout: 30_000 });
  const nav = page.getByRole('navigation', { name: pager });
  await slow(nav).toBeVisible();
  await slow(page.getByRole('table').first()).not.toHaveAttribute('aria-busy', 'true');
  const m = / of ([\d,]+) /.exec((await nav.textContent()) ?? '');
  return m ? Number(m[1]!.replace(/,/g, '')) : 0;
}

/**
 * Where a list's filters are: below 768 px behind its "Filters (n)" button, which this opens (the
 * sheet is returned; its Done button closes it), else inline in the page.
 */
export async function listFilters(page: Page): Promise<Locator> {
  if ((page.viewportSize()?.width ?? 1280) >= 768) return page.getByRole('main');
  await page.getByRole('button', { name: /^Filters( \(\d+\))?$/ }).click();
  return page.getByRole('dialog', { name: 'Filters' });
}

/** Fails when the page scrolls sideways (more than a pixel of rounding). */
export async function fitsWidth(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(1);
}

/**
 * The instant the bulk SMS specs run at, whatever the hour of the run: 17:00 UTC of the day the run
 * started (noon or 1 PM Eastern). A spec pins the server's clock to it for its requests with
 * `test.use({ extraHTTPHeaders: SMS_CLOCK_HEADERS })` (X-Demo-Clock, demo mode: server/http/demo-clock.ts).
 */
export const SMS_CLOCK = `${new Date().toISOString().slice(0, 10)}T17:00:00Z`;
export const SMS_CLOCK_HEADERS = { 'X-Demo-Clock': SMS_CLOCK };

/** An area code whose zone is well inside 8 AM-9 PM at the pinned instant, so a bulk SMS texts it. */
export function openAreaCode(at = new Date(SMS_CLOCK)): string {
  const found = Object.entries(AREA_CODE_ZONES).find(
    ([, zones]) => zones.length === 1 && localHour(zones[0]!, at) >= 9 && localHour(zones[0]!, at) < 20,
  );
  if (!found) throw new Error(`no area code of the table may be texted at ${at.toISOString()}`);
  return found[0];
}

export { expect };
