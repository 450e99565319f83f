import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import type { Db } from '../db/database.ts';
import type { StatementCounts } from '../db/statement-cache.ts';
import type { EventBus } from '../events/bus.ts';
import { liveStreamsOf } from '../events/streams.ts';
import { outboxCounts } from '../messages/outbox-counts.ts';
import { messagesRelayed } from '../messages/relay-totals.ts';

// Prometheus metrics of one process (GET /metrics, README "Operating Porchlight"). Each app has its
// own registry (tests start several apps in one process); an operator scrapes every process. Every
// label takes a bounded set of values: the route's pattern (never the raw path), the method, the
// status, the outbox's channel and status, a push's result. So the series do not grow with the ids
// requested.

const PUSH_RESULTS = ['sent', 'removed', 'failed'] as const;
export type PushSendResult = (typeof PUSH_RESULTS)[number];

// Pushes are sent by the process's listener, outside any request: one counter per process, shown
// by every registry of the process.
const pushSends = new Counter({
  name: 'porchlight_push_sends_total',
  help: 'Web Push sends by result: sent (2xx), removed (the push service said the subscription is gone), failed',
  labelNames: ['result'],
  registers: [],
});
for (const result of PUSH_RESULTS) pushSends.inc({ result }, 0);

/** Counts one Web Push send (server/push/deliver.ts). */
export function countPushSend(result: PushSendResult): void {
  pushSends.inc({ result });
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface MetricsSources {
  db: Db;
  events?: EventBus | undefined;
  /** The PostgreSQL pool (absent on PGlite, which has one session and no pool). */
  pool?: pg.Pool | undefined;
  /** The prepared statements' counts (absent on PGlite or when they are off). */
  statements?: StatementCounts | undefined;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly duration: Histogram<'method' | 'route' | 'status'>;

  constructor({ db, events, pool, statements }: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.registry.registerMetric(pushSends);
    this.registry.registerMetric(messagesRelayed);
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    new Gauge({
      name: 'porchlight_outbox_messages',
      help: 'Emails and texts in the outbox by channel and delivery status',
      labelNames: ['channel', 'status'],
      registers,
      async collect() {
        this.reset(); // a database that does not answer leaves the family empty rather than failing the scrape
        for (const row of await outboxCounts(db).catch(() => []))
          this.set({ channel: row.channel, status: row.status }, row.count);
      },
    });
    new Gauge({
      name: 'porchlight_sse_streams',
      help: 'Live-console event streams open on this process',
      registers,
      collect() {
        this.set(events ? liveStreamsOf(events).size : 0);
      },
    });
    new Gauge({
      name: 'porchlight_event_bus_lag',
      help: "Events written but not yet read by this process's event bus",
      registers,
      async collect() {
        this.reset();
        if (!events) {
          this.set(0);
          return;
        }
        const row = await db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('id', '>', events.lastDeliveredId)
          .executeTakeFirst()
          .catch(() => undefined);
        if (row) this.set(Number(row.n));
      },
    });
    if (pool) {
      new Gauge({
        name: 'porchlight_db_pool_in_use',
        help: 'PostgreSQL pool connections checked out',
        registers,
        collect() {
          this.set(pool.totalCount - pool.idleCount);
        },
      });
      new Gauge({
        name: 'porchlight_db_pool_waiting',
        help: 'Queries waiting for a PostgreSQL pool connection',
        registers,
        collect() {
          this.set(pool.waitingCount);
        },
      });
    }
    if (statements) {
      new Counter({
        name: 'porchlight_db_statements_total',
        help: 'Statements sent to PostgreSQL: prepared (a named statement, planned once per connection) or unnamed',
        labelNames: ['kind'],
        registers,
        collect() {
          this.reset();
          this.inc({ kind: 'prepared' }, statements.prepared);
          this.inc({ kind: 'unnamed' }, statements.unnamed);
        },
      });
      new Counter({
        name: 'porchlight_db_connections_retired_total',
        help: 'PostgreSQL connections closed on release for holding too many prepared statements or a stale one',
        registers,
        collect() {
          this.reset();
          this.inc(statements.retired);
        },
      });
    }
  }

  /** Records one answered request; `route` is the matched pattern (see routePattern in http/request-log.ts). */
  observe(method: string, route: string, status: number, seconds: number): void {
    this.duration.observe({ method: METHODS.has(method) ? method : 'OTHER', route, status: String(status) }, seconds);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
  get contentType(): string {
    return this.registry.contentType;
  }
}
