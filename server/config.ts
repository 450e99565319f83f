import * as v from 'valibot';
import { DEFAULT_MEASUREMENT_IDS, MEASUREMENT_ID_PATTERN } from '../src/contract/analytics.ts';

/** A whole number from the environment, `min` to `max`. */
function wholeNumber(name: string, max: number, min = 0) {
  return v.pipe(v.string(), v.regex(/^\d{1,9}$/, `${name} must be a whole number`), v.transform(Number),
    v.minValue(min, `${name} must be ${min} to ${max}`), v.maxValue(max, `${name} must be ${min} to ${max}`));
}

/** How long the retention job (server/jobs/retention.ts) keeps what only grows; each has its RETAIN_* variable. */
export const RETENTION_DEFAULTS = {
  /** Events of the live console and Web Push (RETAIN_EVENTS_DAYS). */
  eventsDays: 30,
  /** Sent, delivered or dead emails and texts (RETAIN_MESSAGES_DAYS). */
  messagesDays: 30,
  /** Refresh and access tokens after they expired or were revoked (RETAIN_REFRESH_TOKENS_DAYS). */
  refreshTokensDays: 7,
  /** Codes and tickets after they were used or expired: one-time codes, authorization codes, reset and revoked invitations, stream tickets (RETAIN_CODES_HOURS). */
  codesHours: 24,
  /** Answers kept for Idempotency-Key replays (RETAIN_IDEMPOTENCY_HOURS). */
  idempotencyHours: 48,
  /** First-party analytics (RETAIN_ANALYTICS_DAYS). */
  analyticsDays: 400,
};
export type Retention = typeof RETENTION_DEFAULTS;

/** An origin as links in emails use it: scheme, host and optional port, nothing else. */
const Origin = (name: string) => v.pipe(v.string(),
  v.regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/, `${name} must be an origin such as https://console.example.com`));

const EnvSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'PORT must be a port number'), v.transform(Number),
    v.minValue(1, 'PORT must be 1 to 65535'), v.maxValue(65535, 'PORT must be 1 to 65535')), '8080'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), '.data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://'))),
  AGENT_HOSTS: v.optional(v.string(), 'agents.localhost'),
  // Off unless asked for: a production start can never be a demo by omission. `npm start` (the
  // fresh-clone demo) and `npm run serve` ask for it; NODE_ENV=production refuses it.
  DEMO_MODE: v.optional(v.picklist(['true', 'false'], 'DEMO_MODE must be true or false'), 'false'),
  NODE_ENV: v.optional(v.string(), 'development'),
  PUBLIC_ORIGIN: v.optional(Origin('PUBLIC_ORIGIN')),
  AGENT_ORIGIN: v.optional(Origin('AGENT_ORIGIN')),
  SALES_EMAIL: v.optional(v.pipe(v.string(), v.email('SALES_EMAIL must be an email address')), 'sales@porchlight.example'),
  ADMIN_EMAIL: v.optional(v.pipe(v.string(), v.email('ADMIN_EMAIL must be an email address'))),
  // 1,000 x the demo seed is ~1.5 million leads: beyond that a start would seed for hours.
  SEED_SCALE: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'SEED_SCALE must be a whole number'), v.transform(Number),
    v.minValue(1, 'SEED_SCALE must be 1 to 1000'), v.maxValue(1000, 'SEED_SCALE must be 1 to 1000')), '1'),
  STATIC_DIR: v.optional(v.string(), 'dist'),
  // How long a process may go on accepting a token that another process logged out or revoked
  // (server/auth/token-cache.ts). 0 turns the cache off.
  AUTH_CACHE_MS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'AUTH_CACHE_MS must be a whole number of milliseconds'), v.transform(Number),
    v.maxValue(10_000, 'AUTH_CACHE_MS must be 0 to 10000')), '1000'),
  // The analytics measurement ids the console is built with (src/api/analytics.ts reads the same
  // variables at build time): the collector accepts these and no others.
  VITE_ANALYTICS_ID_AGENT: v.optional(v.pipe(v.string(), v.regex(MEASUREMENT_ID_PATTERN, 'VITE_ANALYTICS_ID_AGENT must be a measurement id')), DEFAULT_MEASUREMENT_IDS.agent),
  VITE_ANALYTICS_ID_BROKER: v.optional(v.pipe(v.string(), v.regex(MEASUREMENT_ID_PATTERN, 'VITE_ANALYTICS_ID_BROKER must be a measurement id')), DEFAULT_MEASUREMENT_IDS.broker),
  // Web Push (RFC 8292): the application server's P-256 key pair, base64url as `npx web-push
  // generate-vapid-keys` prints it, and the contact push services may reach (mailto: or https:).
  VAPID_PUBLIC_KEY: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes)'))),
  VAPID_PRIVATE_KEY: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)'))),
  VAPID_SUBJECT: v.optional(v.pipe(v.string(), v.regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address or an https: URL'))),
  // Operating (README "Operating Porchlight"): log level, the metrics scrape token, the drain and the retention bounds.
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent'), 'info'),
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'METRICS_TOKEN must be at least 16 characters'), v.regex(/^\S+$/, 'METRICS_TOKEN must not contain spaces'))),
  SHUTDOWN_GRACE_MS: v.optional(wholeNumber('SHUTDOWN_GRACE_MS', 120_000), '5000'),
  RETAIN_EVENTS_DAYS: v.optional(wholeNumber('RETAIN_EVENTS_DAYS', 36_500, 1), String(RETENTION_DEFAULTS.eventsDays)),
  RETAIN_MESSAGES_DAYS: v.optional(wholeNumber('RETAIN_MESSAGES_DAYS', 36_500, 1), String(RETENTION_DEFAULTS.messagesDays)),
  RETAIN_REFRESH_TOKENS_DAYS: v.optional(wholeNumber('RETAIN_REFRESH_TOKENS_DAYS', 36_500, 1), String(RETENTION_DEFAULTS.refreshTokensDays)),
  RETAIN_CODES_HOURS: v.optional(wholeNumber('RETAIN_CODES_HOURS', 876_000, 1), String(RETENTION_DEFAULTS.codesHours)),
  RETAIN_IDEMPOTENCY_HOURS: v.optional(wholeNumber('RETAIN_IDEMPOTENCY_HOURS', 876_000, 1), String(RETENTION_DEFAULTS.idempotencyHours)),
  RETAIN_ANALYTICS_DAYS: v.optional(wholeNumber('RETAIN_ANALYTICS_DAYS', 36_500, 1), String(RETENTION_DEFAULTS.analyticsDays)),
});

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  agentHosts: string[];
  demoMode: boolean;
  seedScale: number;
  staticDir: string;
  /** Origin of the broker host (the console): links in emails and connector callbacks. */
  publicOrigin: string;
  /** Origin of the agent host: agents' links. */
  agentOrigin: string;
  /** The provider's sales inbox: the only recipient of contact-sales inquiries. */
  salesEmail: string;
  /** Outside demo mode, an empty database gets one ADMIN invitation for this address. */
  adminEmail: string | undefined;
  /** The staleness bound of the authentication cache across processes, in ms (0: no cache). */
  authCacheMs: number;
  /** The measurement ids of the agent and broker hosts: the only ones the analytics collector accepts. */
  measurementIds: string[];
  /**
   * Web Push's VAPID keys from the environment; undefined: generated and kept in the database in
   * demo mode (server/push/vapid.ts), push turned off outside it.
   */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** The VAPID subject: VAPID_SUBJECT, else mailto: the sales inbox. */
  vapidSubject: string;
  /** pino's level (LOG_LEVEL, default info). */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** The bearer token GET /metrics asks for; unset: /metrics does not exist (404). */
  metricsToken: string | undefined;
  /** After SIGTERM, /readyz answers 503 this long before the server stops taking connections (the load balancer's notice). */
  shutdownGraceMs: number;
  /** The retention job's bounds (RETENTION_DEFAULTS, each overridable). */
  retention: Retention;
}

/** Reads and checks the environment once at start-up; a bad value stops the server with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = v.safeParse(EnvSchema, env);
  if (!result.success) {
    const lines = result.issues.map((i) => `  ${v.getDotPath(i) ?? ''}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = result.output;
  const demoMode = e.DEMO_MODE === 'true';
  if (demoMode && e.NODE_ENV === 'production') throw new Error('Invalid environment:\n  DEMO_MODE: demo mode (public outbox, demo accounts) cannot run with NODE_ENV=production');
  if (!demoMode && !e.PUBLIC_ORIGIN) throw new Error('Invalid environment:\n  PUBLIC_ORIGIN: required outside demo mode (links in emails are built from it, never from the request)');
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) throw new Error('Invalid environment:\n  VAPID_PUBLIC_KEY: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  const agentHosts = e.AGENT_HOSTS.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  const publicOrigin = e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    agentHosts,
    demoMode,
    seedScale: e.SEED_SCALE,
    staticDir: e.STATIC_DIR,
    publicOrigin,
    agentOrigin: e.AGENT_ORIGIN ?? agentOriginFor(publicOrigin, agentHosts[0]),
    salesEmail: e.SALES_EMAIL,
    adminEmail: e.ADMIN_EMAIL,
    authCacheMs: e.AUTH_CACHE_MS,
    measurementIds: [e.VITE_ANALYTICS_ID_AGENT, e.VITE_ANALYTICS_ID_BROKER],
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.SALES_EMAIL}`,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    retention: {
      eventsDays: e.RETAIN_EVENTS_DAYS, messagesDays: e.RETAIN_MESSAGES_DAYS, refreshTokensDays: e.RETAIN_REFRESH_TOKENS_DAYS,
      codesHours: e.RETAIN_CODES_HOURS, idempotencyHours: e.RETAIN_IDEMPOTENCY_HOURS, analyticsDays: e.RETAIN_ANALYTICS_DAYS,
    },
  };
}

/** The agent host's origin when not configured: the public origin's scheme and port on the first agent host. */
function agentOriginFor(publicOrigin: string, agentHost: string | undefined): string {
  if (!agentHost) return publicOrigin;
  const url = new URL(publicOrigin);
  url.hostname = agentHost;
  return url.origin;
}

/** The API tests run the demo: demo mode on, origins of a local start. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Errors only unless asked for (LOG_LEVEL=info npx vitest ...): a request line per call would drown the output.
  return { ...loadConfig({ DEMO_MODE: 'true' }), logLevel: (process.env.LOG_LEVEL as Config['logLevel'] | undefined) ?? 'error', ...overrides };
}
