import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { bootDatabase } from './boot.ts';
import { loadConfig } from './config.ts';
import { FolderLockedError } from './db/folder-lock.ts';
import { MigrationEditedError } from './db/migrate.ts';
import { EventBus } from './events/bus.ts';
import { notifySourceFor } from './events/notify-source.ts';
import { startPushDelivery } from './push/listener.ts';
import { MessageRelay } from './messages/relay.ts';

// How long SIGTERM waits for in-flight requests before closing anyway (load balancers allow ~30 s).
const DRAIN_TIMEOUT_MS = 20_000;

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const log = (msg: string) => console.log(`[porchlight] ${msg}`);
let database;
try {
  database = await bootDatabase(config, log);
} catch (err) {
  if (err instanceof FolderLockedError || err instanceof MigrationEditedError) {
    console.error(`[porchlight] ${err.message}`);
    process.exit(1);
  }
  throw err;
}
const db = database;
// Every process hears every committed event (server/events/bus.ts): the live console and Web Push.
startPushDelivery(config);
const events = await new EventBus(db.db).start(notifySourceFor(db, config.databaseUrl));
// Mail and texts leave through the relay of every process; each outbox row is sent once (server/messages/relay.ts).
const relay = new MessageRelay(db.db, config).start();
if (relay.channels.length > 0) log(`delivering ${relay.channels.join(' and ')} from the outbox`);
const app = createApp({ db: db.db, config, events, serveConsole: true });
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  log(`console and API on http://localhost:${info.port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);
});

let stopping = false;
/** Stops taking connections, lets in-flight requests finish, then closes the database. */
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  log(`${signal}: draining in-flight requests`);
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
