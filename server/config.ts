import * as v from 'valibot';

import { DEFAULT_MEASUREMENT_IDS, MEASUREMENT_ID_PATTERN } from '../src/contract/analytics.ts';

/** A whole number from the environment, `min` to `max`. */
function wholeNumber(name: string, max: number, min = 0) {
  return v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${name} must be ${min} to ${max}`),
    v.maxValue(max, `${name} must be ${min} to ${max}`),
  );
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
  /** Agent notifications the agent acted on (cleared), by when they were sent (RETAIN_NOTIFICATIONS_DAYS). */
  notificationsDays: 90,
  /** Agent notifications never acted on, by when they were sent (RETAIN_OPEN_NOTIFICATIONS_DAYS). */
  openNotificationsDays: 365,
};
export type Retention = typeof RETENTION_DEFAULTS;

/** An origin as links in emails use it: scheme, host and optional port, nothing else. */
const Origin = (name: string) =>
  v.pipe(
    v.string(),
    v.regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/, `${name} must be an origin such as https://console.example.com`),
  );

const EnvSchema = v.object({
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'PORT must be a port number'),
      v.transform(Number),
      v.minValue(1, 'PORT must be 1 to 65535'),
      v.maxValue(65535, 'PORT must be 1 to 65535'),
    ),
    '8080',
  ),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), '.data'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')),
  ),
  // Named prepared statements for repeated statements (server/db/statement-cache.ts). false for a
  // pooler in transaction mode that does not keep them per client.
  DATABASE_PREPARED_STATEMENTS: v.optional(
    v.picklist(['true', 'false'], 'DATABASE_PREPARED_STATEMENTS must be true or false'),
    'true',
  ),
  AGENT_HOSTS: v.optional(v.string(), 'agents.localhost'),
  // Off unless asked for: a production start can never be a demo by omission. `npm start` (the
  // fresh-clone demo) and `npm run serve` ask for it; NODE_ENV=production refuses it.
  DEMO_MODE: v.optional(v.picklist(['true', 'false'], 'DEMO_MODE must be true or false'), 'false'),
  NODE_ENV: v.optional(v.string(), 'development'),
  PUBLIC_ORIGIN: v.optional(Origin('PUBLIC_ORIGIN')),
  AGENT_ORIGIN: v.optional(Origin('AGENT_ORIGIN')),
  SALES_EMAIL: v.optional(
    v.pipe(v.string(), v.email('SALES_EMAIL must be an email address')),
    'sales@porchlight.example',
  ),
  ADMIN_EMAIL: v.optional(v.pipe(v.string(), v.email('ADMIN_EMAIL must be an email address'))),
  // 1,000 x the demo seed is ~1.5 million leads: beyond that a start would seed for hours.
  SEED_SCALE: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, 'SEED_SCALE must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'SEED_SCALE must be 1 to 1000'),
      v.maxValue(1000, 'SEED_SCALE must be 1 to 1000'),
    ),
    '1',
  ),
  STATIC_DIR: v.optional(v.string(), 'dist'),
  // How long a process may go on accepting a token that another process logged out or revoked
  // (server/auth/token-cache.ts). 0 turns the cache off.
  AUTH_CACHE_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'AUTH_CACHE_MS must be a whole number of milliseconds'),
      v.transform(Number),
      v.maxValue(10_000, 'AUTH_CACHE_MS must be 0 to 10000'),
    ),
    '1000',
  ),
  // The analytics measurement ids the console is built with (src/api/analytics.ts reads the same
  // variables at build time): the collector accepts these and no others.
  VITE_ANALYTICS_ID_AGENT: v.optional(
    v.pipe(v.string(), v.regex(MEASUREMENT_ID_PATTERN, 'VITE_ANALYTICS_ID_AGENT must be a measurement id')),
    DEFAULT_MEASUREMENT_IDS.agent,
  ),
  VITE_ANALYTICS_ID_BROKER: v.optional(
    v.pipe(v.string(), v.regex(MEASUREMENT_ID_PATTERN, 'VITE_ANALYTICS_ID_BROKER must be a measurement id')),
    DEFAULT_MEASUREMENT_IDS.broker,
  ),
  // Web Push (RFC 8292): the application server's P-256 key pair, base64url as `npx web-push
  // generate-vapid-keys` prints it, and the contact push services may reach (mailto: or https:).
  VAPID_PUBLIC_KEY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes)'),
    ),
  ),
  VAPID_PRIVATE_KEY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)'),
    ),
  ),
  VAPID_SUBJECT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address or an https: URL'),
    ),
  ),
  // Operating (README "Operating Porchlight"): log level, the metrics scrape token, the drain and the retention bounds.
  LOG_LEVEL: v.optional(
    v.picklist(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent',
    ),
    'info',
  ),
  METRICS_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.minLength(16, 'METRICS_TOKEN must be at least 16 characters'),
      v.regex(/^\S+$/, 'METRICS_TOKEN must not contain spaces'),
    ),
  ),
  SHUTDOWN_GRACE_MS: v.optional(wholeNumber('SHUTDOWN_GRACE_MS', 120_000), '5000'),
  RETAIN_EVENTS_DAYS: v.optional(wholeNumber('RETAIN_EVENTS_DAYS', 36_500, 1), String(RETENTION_DEFAULTS.eventsDays)),
  RETAIN_MESSAGES_DAYS: v.optional(
    wholeNumber('RETAIN_MESSAGES_DAYS', 36_500, 1),
    String(RETENTION_DEFAULTS.messagesDays),
  ),
  RETAIN_REFRESH_TOKENS_DAYS: v.optional(
    wholeNumber('RETAIN_REFRESH_TOKENS_DAYS', 36_500, 1),
    String(RETENTION_DEFAULTS.refreshTokensDays),
  ),
  RETAIN_CODES_HOURS: v.optional(wholeNumber('RETAIN_CODES_HOURS', 876_000, 1), String(RETENTION_DEFAULTS.codesHours)),
  RETAIN_IDEMPOTENCY_HOURS: v.optional(
    wholeNumber('RETAIN_IDEMPOTENCY_HOURS', 876_000, 1),
    String(RETENTION_DEFAULTS.idempotencyHours),
  ),
  RETAIN_ANALYTICS_DAYS: v.optional(
    wholeNumber('RETAIN_ANALYTICS_DAYS', 36_500, 1),
    String(RETENTION_DEFAULTS.analyticsDays),
  ),
  RETAIN_NOTIFICATIONS_DAYS: v.optional(
    wholeNumber('RETAIN_NOTIFICATIONS_DAYS', 36_500, 1),
    String(RETENTION_DEFAULTS.notificationsDays),
  ),
  RETAIN_OPEN_NOTIFICATIONS_DAYS: v.optional(
    wholeNumber('RETAIN_OPEN_NOTIFICATIONS_DAYS', 36_500, 1),
    String(RETENTION_DEFAULTS.openNotificationsDays),
  ),
  // Message delivery (server/messages/): mail over SMTP, texts through Twilio's Messages API.
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^smtps?:\/\/\S+$/,
        'SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:pass@smtp.example.com:587',
      ),
    ),
  ),
  MAIL_FROM: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^[^<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/,
        'MAIL_FROM must be an address, such as Porchlight <no-reply@example.com>',
      ),
    ),
  ),
  TWILIO_ACCOUNT_SID: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^AC[0-9a-fA-F]{32}$/, 'TWILIO_ACCOUNT_SID must be an account SID (AC and 32 hex digits)'),
    ),
  ),
  TWILIO_AUTH_TOKEN: v.optional(
    v.pipe(v.string(), v.minLength(16, 'TWILIO_AUTH_TOKEN must be the account auth token')),
  ),
  TWILIO_FROM: v.optional(
    v.pipe(v.string(), v.regex(/^\+[1-9]\d{6,14}$/, 'TWILIO_FROM must be an E.164 number such as +15555550100')),
  ),
  TWILIO_MESSAGING_SERVICE_SID: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^MG[0-9a-fA-F]{32}$/,
        'TWILIO_MESSAGING_SERVICE_SID must be a messaging service SID (MG and 32 hex digits)',
      ),
    ),
  ),
  TWILIO_API_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/, 'TWILIO_API_URL must be an origin such as https://api.twilio.com'),
    ),
    'https://api.twilio.com',
  ),
  // Bulk texts per second across every process (a long code sends 1); "unlimited" for a short code or a test.
  SMS_RATE_PER_SECOND: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(\d{1,4}(\.\d{1,3})?|unlimited)$/, 'SMS_RATE_PER_SECOND must be a number such as 1, or unlimited'),
      v.transform((s) => (s === 'unlimited' ? Infinity : Number(s))),
      v.minValue(0.001, 'SMS_RATE_PER_SECOND must be above 0'),
    ),
    '1',
  ),
});

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Repeated statements run as named prepared statements on PostgreSQL. */
  preparedStatements: boolean;
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
  /** Mail over SMTP (SMTP_URL, MAIL_FROM); undefined: mail stays in the outbox (demo mode only). */
  mail: MailConfig | undefined;
  /** Texts through Twilio's Messages API; undefined: texts stay in the outbox (demo mode only). */
  twilio: TwilioConfig | undefined;
  /** Bulk texts per second across every process; Infinity: no limit. */
  smsRatePerSecond: number;
}

export interface MailConfig {
  smtpUrl: string;
  from: string;
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** Exactly one of the two senders is set: an E.164 number, or a messaging service. */
  from: string | undefined;
  messagingServiceSid: string | undefined;
  /** Twilio's API origin (https://api.twilio.com), another for a regional edge or a test. */
  apiUrl: string;
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
  if (demoMode && e.NODE_ENV === 'production')
    throw new Error(
      'Invalid environment:\n  DEMO_MODE: demo mode (public outbox, demo accounts) cannot run with NODE_ENV=production',
    );
  const missing = missingOutsideDemo(e);
  if (!demoMode && missing.length > 0)
    throw new Error(`Invalid environment:\n${missing.map((m) => `  ${m}`).join('\n')}`);
  const halfSet = halfSetDelivery(e);
  if (halfSet.length > 0) throw new Error(`Invalid environment:\n${halfSet.map((m) => `  ${m}`).join('\n')}`);
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined))
    throw new Error(
      'Invalid environment:\n  VAPID_PUBLIC_KEY: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    );
  const agentHosts = e.AGENT_HOSTS.split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const publicOrigin = e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    preparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'true',
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
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.SALES_EMAIL}`,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    retention: {
      eventsDays: e.RETAIN_EVENTS_DAYS,
      messagesDays: e.RETAIN_MESSAGES_DAYS,
      refreshTokensDays: e.RETAIN_REFRESH_TOKENS_DAYS,
      codesHours: e.RETAIN_CODES_HOURS,
      idempotencyHours: e.RETAIN_IDEMPOTENCY_HOURS,
      analyticsDays: e.RETAIN_ANALYTICS_DAYS,
      notificationsDays: e.RETAIN_NOTIFICATIONS_DAYS,
      openNotificationsDays: e.RETAIN_OPEN_NOTIFICATIONS_DAYS,
    },
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && (e.TWILIO_FROM || e.TWILIO_MESSAGING_SERVICE_SID)
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
            apiUrl: e.TWILIO_API_URL,
          }
        : undefined,
    smsRatePerSecond: e.SMS_RATE_PER_SECOND,
  };
}

type Env = v.InferOutput<typeof EnvSchema>;

/** Outside demo mode every person must be reachable: each variable missing for it, one line each. */
function missingOutsideDemo(e: Env): string[] {
  const lines: string[] = [];
  if (!e.PUBLIC_ORIGIN)
    lines.push('PUBLIC_ORIGIN: required outside demo mode (links in emails are built from it, never from the request)');
  const need = (name: keyof Env, why: string) => {
    if (!e[name]) lines.push(`${name}: required outside demo mode (${why})`);
  };
  need('SMTP_URL', 'mail is sent through this SMTP server');
  need('MAIL_FROM', 'the sender of every mail');
  need('TWILIO_ACCOUNT_SID', 'texts are sent through this Twilio account');
  need('TWILIO_AUTH_TOKEN', 'texts are sent through this Twilio account');
  if (!e.TWILIO_FROM && !e.TWILIO_MESSAGING_SERVICE_SID)
    lines.push('TWILIO_FROM: required outside demo mode (the number texts come from), or TWILIO_MESSAGING_SERVICE_SID');
  return lines;
}

/** In demo mode delivery is optional, but a half-configured channel is a mistake worth a stop. */
function halfSetDelivery(e: Env): string[] {
  const lines: string[] = [];
  if ((e.SMTP_URL === undefined) !== (e.MAIL_FROM === undefined))
    lines.push(`${e.SMTP_URL ? 'MAIL_FROM' : 'SMTP_URL'}: set both SMTP_URL and MAIL_FROM, or neither`);
  const twilio = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM ?? e.TWILIO_MESSAGING_SERVICE_SID];
  if (twilio.some((x) => x !== undefined) && twilio.some((x) => x === undefined)) {
    if (!e.TWILIO_ACCOUNT_SID) lines.push('TWILIO_ACCOUNT_SID: set with the other TWILIO_ variables');
    if (!e.TWILIO_AUTH_TOKEN) lines.push('TWILIO_AUTH_TOKEN: set with the other TWILIO_ variables');
    if (!e.TWILIO_FROM && !e.TWILIO_MESSAGING_SERVICE_SID)
      lines.push('TWILIO_FROM: set it (or TWILIO_MESSAGING_SERVICE_SID) with the other TWILIO_ variables');
  }
  if (e.TWILIO_FROM && e.TWILIO_MESSAGING_SERVICE_SID)
    lines.push('TWILIO_MESSAGING_SERVICE_SID: set TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID, not both');
  return lines;
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
  return {
    ...loadConfig({ DEMO_MODE: 'true' }),
    logLevel: (process.env.LOG_LEVEL as Config['logLevel'] | undefined) ?? 'error',
    ...overrides,
  };
}
