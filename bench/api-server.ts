// One target of bench/api.ts, in its own process: node --import tsx bench/api-server.ts <mode> <port>
//   baseline: a bare Hono server over the same database and the same queries (the data functions
//             the routes call), without authentication, role checks or validation;
//   real:     the real API (createApp) over the same database.
// The database is a dump of the seeded demo (BENCH_TEMPLATE, restored in memory) or, with
// BENCH_DATABASE_URL, a PostgreSQL database. Prints "ready" when it listens.
// With API_SERVER_PROFILE=<file>: SIGUSR2 starts the inspector's CPU profiler, the next SIGUSR2 stops
// it, writes the profile (as node --cpu-prof would) to the file and prints "profiled".
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

import { createApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { BytesBlob } from '../server/db/bytes-blob.ts';
import { openDatabase } from '../server/db/database.ts';
import { agentPage, countAgents } from '../server/routes/agents-api/agent-queries.ts';
import { agentView, toAgentView } from '../server/routes/agents-api/agents.ts';
import { brokerageStats } from '../server/routes/agents-api/brokerage-stats.ts';
import { searchDnc } from '../server/routes/interviews-api/dnc-search.ts';
import { userView } from '../server/routes/users-api/users.ts';

const [mode, portText] = process.argv.slice(2);
const database = process.env.BENCH_DATABASE_URL
  ? await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL })
  : await openDatabase({
      loadDataDir: new BytesBlob(readFileSync(process.env.BENCH_TEMPLATE ?? '.tmp/test-template.tar')),
    });
const { db } = database;

let fetchHandler: (req: Request) => Response | Promise<Response>;
if (mode === 'baseline') {
  const app = new Hono();
  app.get('/users-api/users/me', async (c) => c.json(await userView(db, Number(c.req.query('uid')))));
  app.get('/agents-api/agents/:id', async (c) => c.json(await agentView(db, Number(c.req.param('id')), new Date())));
  app.get('/agents-api/agents', async (c) => {
    const filter = { brokerageId: undefined };
    const [rows, totalElements] = await Promise.all([
      agentPage(db, new Date(), filter, { key: 'name.last', direction: 'asc' }, { offset: 0, limit: 20 }),
      countAgents(db, filter),
    ]);
    return c.json({ content: rows.map(toAgentView), totalElements }); // the API's answer, byte for byte
  });
  app.get('/agents-api/brokerages/:id/stats', async (c) =>
    c.json(await brokerageStats(db, Number(c.req.param('id')), 'COMBINED', new Date())),
  );
  app.get('/interviews-api/DNC/search', async (c) =>
    c.json(await searchDnc(db, { value: c.req.query('value'), blocked: false }, 0, 40)),
  );
  fetchHandler = app.fetch;
} else {
  fetchHandler = createApp({ db, config: testConfig() }).fetch;
}
serve({ fetch: fetchHandler, port: Number(portText) }, () => console.log('ready'));
const profileFile = process.env.API_SERVER_PROFILE;
if (profileFile) {
  const session = new Session();
  session.connect();
  let profiling = false;
  process.on(
    'SIGUSR2',
    () =>
      void (async () => {
        if (!profiling) {
          profiling = true;
          await session.post('Profiler.enable');
          await session.post('Profiler.setSamplingInterval', { interval: 200 });
          await session.post('Profiler.start');
          console.log('profiling');
        } else {
          profiling = false;
          const { profile } = await session.post('Profiler.stop');
          writeFileSync(profileFile, JSON.stringify(profile));
          console.log('profiled');
        }
      })(),
  );
}
process.on('SIGTERM', () => {
  void database.close().finally(() => process.exit(0));
});
