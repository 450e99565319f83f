import { serve } from '@hono/node-server';

import { createApp } from './app.ts';
import { bootDatabase } from './boot.ts';
import { loadConfig } from './config.ts';
import { serveOnlineBackups } from './db/backup.ts';
import { FolderLockedError } from './db/folder-lock.ts';
import { MigrationEditedError } from './db/migrate.ts';
import { EventBus } from './events/bus.ts';
import { notifySourceFor } from './events/notify-source.ts';
import { startRetention } from './jobs/retention.ts';
import { MessageRelay } from './messages/relay.ts';
import { createLogger, setProcessLogger } from './observability/logger.ts';
import { Lifecycle } from './observability/probes.ts';
import { startPushDelivery } from './push/listener.ts';

// How long SIGTERM waits for in-flight requests before closing anyway (load balancers allow ~30 s).
const DRAIN_TIMEOUT_MS = 20_000;

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message); // before a logger: the environment it reads is what failed
  process.exit(1);
}
// JSON lines on stdout (readable colored lines on a terminal); every module's process lines go here too.
const logger = createLogger({ level: config.logLevel });
setProcessLogger(logger);
const log = (msg: string) => logger.info(msg);
let database;
try {
  database = await bootDatabase(config, log);
} catch (err) {
  if (err instanceof FolderLockedError || err instanceof MigrationEditedError) {
    logger.fatal(err.message);
    process.exit(1);
  }
  throw err;
}
const db = database;
// Every process hears every committed event (server/events/bus.ts): the live console and Web Push.
startPushDelivery(config);
const events = await new EventBus(db.db).start(notifySourceFor(db, config.databaseUrl));
const lifecycle = new Lifecycle();
// Mail and texts leave through the relay of every process; each outbox row is sent once (server/messages/relay.ts).
const relay = new MessageRelay(db.db, config).start();
if (relay.channels.length > 0) log(`delivering ${relay.channels.join(' and ')} from the outbox`);
const app = createApp({
  db: db.db,
  config,
  events,
  serveConsole: true,
  logger,
  lifecycle,
  pool: db.pool,
  statements: db.statements?.counts,
});
// Hourly, one process at a time (server/jobs/retention.ts).
const stopRetention = startRetention(db.db, config.retention, logger);
// npm run db:backup on this PGlite folder asks this process for the backup (server/db/backup.ts).
const stopBackups = db.pglite ? serveOnlineBackups(config.dataDir, db.pglite, db.db, logger) : () => {};
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  log(
    `console and API on http://localhost:${info.port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
  );
});

let stopping = false;
/**
 * SIGTERM: /readyz answers 503 at once, so the load balancer stops sending; after SHUTDOWN_GRACE_MS
 * the server stops taking connections, lets in-flight requests finish, then closes the database.
 * SIGINT (Ctrl-C at a terminal) skips the grace.
 */
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  lifecycle.draining = true;
  stopRetention();
  stopBackups();
  const grace = signal === 'SIGTERM' ? config.shutdownGraceMs : 0;
  log(
    `${signal}: draining in-flight requests${grace > 0 ? ` (readiness fails now, connections close in ${grace} ms)` : ''}`,
  );
  setTimeout(() => close(), grace);
};
const close = () => {
  const force = setTimeout(() => {
    log('drain timed out: closing open connections');
    if ('closeAllConnections' in server) server.closeAllConnections();
  }, DRAIN_TIMEOUT_MS);
  force.unref();
  // Live streams end now (their clients resume on another process with Last-Event-ID); the rest drain.
  const heard = Promise.all([events.stop(), relay.stop()]);
  server.close(() => {
    clearTimeout(force);
    void heard.then(() => db.close()).finally(() => process.exit(0));
  });
  if ('closeIdleConnections' in server) server.closeIdleConnections();
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
