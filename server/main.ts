import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { bootDatabase } from './boot.ts';
import { loadConfig } from './config.ts';

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const log = (msg: string) => console.log(`[porchlight] ${msg}`);
const database = await bootDatabase(config, log);
const app = createApp({ db: database.db, config, serveConsole: true });
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  log(`console and API on http://localhost:${info.port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);
});

const shutdown = () => {
  server.close();
  void database.close().finally(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
