import type { Role } from '../../src/access/roles.ts';
import type { EventPayload, EventType } from '../../src/contract/events.ts';
import type { Db } from '../db/database.ts';
import { processLog } from '../observability/logger.ts';
import { EVENTS_CHANNEL } from './outbox.ts';

// The read side of the event pipeline (decision 0081). Every API process runs one bus:
// it LISTENs on the events channel (PostgreSQL's LISTEN on a connection of its own, PGlite's listen
// in the single-process default) and, on each NOTIFY and every POLL_MS besides, reads the events
// past the last id it has seen, in id order, and hands each to its listeners. A NOTIFY carries only
// an id: a lost one is healed by the next one or the poll. Nothing is fanned out in memory across
// processes: each process reads the table itself, so N processes behind a load balancer all deliver.
//
// Delivery to a listener is at least once (a restarted process replays the last REPLAY_MS) and in id
// order; consumers are idempotent by event id. A slow or failing listener delays only itself: each
// listener has its own queue, and the write that recorded the event committed long before.

export { recordEvent } from './outbox.ts';

export interface StoredEvent {
  /** Increasing in commit order (server/events/outbox.ts). */
  id: number;
  type: EventType;
  payload: EventPayload;
  audienceRoles: Role[];
  brokerageId: number | null;
  agentId: number | null;
  loanOfficeId: number | null;
  createdAt: Date;
}

/** Told of every committed event once per process, in id order, with the database it came from. */
export type EventListener = (event: StoredEvent, context: { db: Db }) => void | Promise<void>;

/** Starts hearing NOTIFYs on the events channel; calls `onNotify` for each; resolves to a stop function. */
export type NotifySource = (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;

const POLL_MS = 5_000; // heals a lost NOTIFY even when no next one comes
const BATCH = 500; // rows read per query while catching up
const REPLAY_MS = 60_000; // a (re)started process delivers the last minute again: at least once across a restart
const STOP_GRACE_MS = 5_000; // how long a stopping bus waits for its listeners' events in hand
const MAX_PENDING = 10_000; // a listener this far behind is stuck: its oldest events are dropped and logged
// The table is pruned by the retention job (server/jobs/retention.ts, RETAIN_EVENTS_DAYS); a resume
// from further back than RESUME_LIMIT events reloads instead (streams.ts).

// Listeners of every bus in this process (normally one bus per process; tests may run several apps).
const processListeners = new Set<EventListener>();

/**
 * Subscribes to every committed event heard by this process's bus (or buses), in id order.
 * Returns the unsubscribe function. Call it once per process (e.g. at start-up); the listener
 * runs in every API process, so work that must happen once per event claims it in the database.
 */
export function subscribeEvents(listener: EventListener): () => void {
  processListeners.add(listener);
  return () => processListeners.delete(listener);
}

export const rowToEvent = (r: {
  id: number;
  type: string;
  payload: unknown;
  audience_roles: string[];
  brokerage_id: number | null;
  agent_id: number | null;
  loan_office_id: number | null;
  created_at: Date;
}): StoredEvent => ({
  id: Number(r.id),
  type: r.type as EventType,
  payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as EventPayload,
  audienceRoles: r.audience_roles as Role[],
  brokerageId: r.brokerage_id,
  agentId: r.agent_id,
  loanOfficeId: r.loan_office_id,
  createdAt: r.created_at,
});

/** Events after `afterId` in id order, at most `limit` (the bus's reads and an SSE stream's resume). */
export async function readEventsAfter(db: Db, afterId: number, limit = BATCH): Promise<StoredEvent[]> {
  const rows = await db.selectFrom('events').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map(rowToEvent);
}

/** A listener's own queue: in order, one at a time, failures logged and skipped. */
class ListenerQueue {
  private pending: StoredEvent[] = [];
  private running = false;
  private draining: Promise<void> = Promise.resolve();
  constructor(
    private readonly listener: EventListener,
    private readonly db: Db,
  ) {}

  push(event: StoredEvent) {
    if (this.pending.length >= MAX_PENDING) {
      const dropped = this.pending.shift();
      processLog().error(
        { eventId: dropped?.id },
        `event bus: a listener is ${MAX_PENDING} events behind, its oldest event dropped for it`,
      );
    }
    this.pending.push(event);
    if (!this.running) this.draining = this.drain();
  }

  /** Drops what waits and resolves once the event in hand is done (the rest is replayed elsewhere). */
  stop(): Promise<void> {
    this.pending = [];
    return this.draining;
  }

  private async drain() {
    this.running = true;
    while (this.pending.length > 0) {
      const event = this.pending.shift()!;
      try {
        await this.listener(event, { db: this.db });
      } catch (err) {
        processLog().error({ eventId: event.id, err }, 'event bus: a listener failed on an event');
      }
    }
    this.running = false;
  }
}

export class EventBus {
  private lastId = 0;
  private readonly local = new Map<EventListener, ListenerQueue>();
  private readonly global = new Map<EventListener, ListenerQueue>();
  private reading: Promise<void> | null = null;
  private again = false;
  private stopListening: (() => Promise<void>) | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  private readonly stopHooks = new Set<() => void>();

  constructor(readonly db: Db) {}

  /** The last event id this bus has delivered: every event up to it has been handed to its listeners. */
  get lastDeliveredId(): number {
    return this.lastId;
  }

  /** Listens, then reads what the last REPLAY_MS recorded. */
  async start(source: NotifySource): Promise<this> {
    const since = new Date(Date.now() - REPLAY_MS);
    const before = await this.db
      .selectFrom('events')
      .select('id')
      .where('created_at', '<', since)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    this.lastId = before ? Number(before.id) : 0;
    this.stopListening = await source(EVENTS_CHANNEL, () => this.poke());
    this.timer = setInterval(() => this.poke(), POLL_MS);
    this.timer.unref?.();
    await this.poke();
    return this;
  }

  /** Listeners of this bus only (the SSE streams of this app). */
  subscribe(listener: EventListener): () => void {
    this.local.set(listener, new ListenerQueue(listener, this.db));
    return () => this.local.delete(listener);
  }

  /** Reads new events now (a NOTIFY, the poll). Concurrent calls fold into one more read. */
  poke(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      try {
        do {
          this.again = false;
          await this.readAll();
        } while (this.again && !this.stopped);
      } catch (err) {
        // The database is away (a restart, a failover): the next NOTIFY or poll tries again.
        if (!this.stopped) processLog().error({ err: (err as Error).message }, 'event bus: reading events failed');
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  private async readAll() {
    for (;;) {
      const batch = await readEventsAfter(this.db, this.lastId);
      for (const event of batch) {
        this.lastId = event.id;
        for (const [listener, queue] of this.local) if (this.local.has(listener)) queue.push(event);
        for (const listener of processListeners) {
          let queue = this.global.get(listener);
          if (!queue) this.global.set(listener, (queue = new ListenerQueue(listener, this.db)));
          queue.push(event);
        }
      }
      if (batch.length < BATCH) return;
    }
  }

  /** Runs when the bus stops (the process shuts down): the SSE streams end so clients go elsewhere. */
  onStop(hook: () => void): () => void {
    this.stopHooks.add(hook);
    return () => this.stopHooks.delete(hook);
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const hook of this.stopHooks) hook();
    if (this.timer) clearInterval(this.timer);
    await this.reading;
    // Each listener finishes the event in hand before the caller closes the database under it, but a
    // listener that hangs does not hold the shutdown past STOP_GRACE_MS.
    let grace: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all([...this.local.values(), ...this.global.values()].map((queue) => queue.stop())),
      new Promise<void>((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS))),
    ]);
    clearTimeout(grace);
    await this.stopListening?.();
  }
}
