import { sql } from 'kysely';

import { rolesForClient } from '../../src/access/roles.ts';
import type { LiveChange } from '../../src/contract/events.ts';
import { loadTokenUser } from '../auth/users.ts';
import type { AuthUser } from '../http/route.ts';
import { maySee } from './audience.ts';
import { readEventsAfter, type EventBus, type StoredEvent } from './bus.ts';
import { cursorCodec, type CursorCodec } from './cursor.ts';

// The live console's streams (decision 0081): every GET /events of this process is one
// stream here, fed from the process's event bus. Each stream gets only the events its user may see
// (audience.ts), each once, in id order, with `id:` lines so a reconnect resumes with Last-Event-ID.
// One timer per process (not per stream) writes the heartbeats and checks, in one query, that every
// stream's access token is still valid: a logout ends the user's streams within a heartbeat, and a
// stream ends at its token's expiry (the client reconnects with a fresh token and Last-Event-ID).

/** Comment lines keep proxies (nginx 60 s, most load balancers 60 s or more) from closing an idle stream. */
export const HEARTBEAT_MS = 20_000;
/** Tells EventSource to reconnect after this long (the console's own client has its own backoff). */
const RETRY_MS = 2_000;
/** At most this many events are replayed on resume; further behind, the client is told to reload all. */
export const RESUME_LIMIT = 500;
/** A client this far behind in reading (bytes queued) is slow or gone: its stream ends, it resumes later. */
const MAX_QUEUED_BYTES = 256 * 1024;

const encoder = new TextEncoder();

/** An event as the stream sends it: its cursor (never the platform-wide id), the name `change`, its JSON. */
function encodeEvent(event: StoredEvent, codec: CursorCodec): Uint8Array {
  const cursor = codec.encode(event.id);
  const data: LiveChange = {
    id: cursor,
    type: event.type,
    payload: event.payload,
    created: event.createdAt.toISOString(),
  };
  return encoder.encode(`id: ${cursor}\nevent: change\ndata: ${JSON.stringify(data)}\n\n`);
}

/** A token's open streams in one process; opening one more ends its oldest (a reconnect whose old connection lingers). */
export const MAX_STREAMS_PER_TOKEN = 3;
/** A user's open streams in one process (every tab, every device); past it the oldest ends. */
export const MAX_STREAMS_PER_USER = 10;

/** The users an ACCESS_CHANGED event names (server/auth/sign-out.ts), or none for any other event. */
function accessChangedUsers(event: StoredEvent): Set<number> | undefined {
  if (event.type !== 'ACCESS_CHANGED') return undefined;
  const ids = String(event.payload['userIds'] ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return new Set(ids);
}

export interface StreamInput {
  /** The effective user (the impersonated administrator under impersonation): what the stream may see. */
  user: AuthUser;
  /** The signed-in user behind the token (the same as user unless impersonating). */
  actorId: number;
  /** The token's client: its roles are those of that client (rolesForClient). */
  clientId: string;
  tokenHash: string;
  tokenExpiresAt: Date;
  /** Last-Event-ID (decoded): the last event the client has; absent: start from now. */
  lastEventId: number | undefined;
  /** A Last-Event-ID this server cannot place (an id of before cursors): start from now, telling the client to reload. */
  unknownResumePoint?: boolean;
}

class Stream {
  lastSent = 0;
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  private closed = false;
  readonly body: ReadableStream<Uint8Array>;

  constructor(
    public input: StreamInput,
    private readonly codec: CursorCodec,
    private readonly onClose: (s: Stream) => void,
  ) {
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        cancel: () => this.close(),
      },
      { highWaterMark: MAX_QUEUED_BYTES, size: (chunk) => chunk.byteLength },
    );
  }

  write(text: string | Uint8Array) {
    if (this.closed || !this.controller) return;
    // desiredSize falls below zero as unread bytes pile up: a reader that stopped reading is let go
    // rather than held in memory (it resumes from its Last-Event-ID when it comes back).
    if ((this.controller.desiredSize ?? 0) <= 0) {
      this.close();
      return;
    }
    this.controller.enqueue(typeof text === 'string' ? encoder.encode(text) : text);
  }

  /** Sends the event if it is new to this stream and its user may see it; `bytes` is its encoding, made once per event. */
  send(event: StoredEvent, bytes?: () => Uint8Array) {
    if (event.id <= this.lastSent) return;
    this.lastSent = event.id;
    if (!maySee(this.input.user, event)) return;
    this.write(bytes ? bytes() : encodeEvent(event, this.codec));
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Whether an access change of these users concerns this stream (its user or, impersonating, its actor). */
  concerns(users: Set<number>): boolean {
    return users.has(this.input.user.id) || users.has(this.input.actorId);
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    try {
      this.controller?.close();
    } catch {
      /* the client went first */
    }
    this.onClose(this);
  }
}

export class LiveStreams {
  private readonly streams = new Set<Stream>();
  /** Streams still reading what they missed, with the events the bus delivered meanwhile. */
  private readonly opening = new Map<Stream, StoredEvent[]>();
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Loaded by the first open(): every stream (and so every encoding) comes after it. */
  private codec: CursorCodec | undefined;

  constructor(private readonly bus: EventBus) {
    bus.subscribe(async (event) => {
      // A change of who may see what is dealt with before any later event is sent (the bus hands
      // this hub its events one at a time, in id order): nothing committed after a role's removal
      // or a sign-out reaches a stream that lost it, on any process.
      const changed = accessChangedUsers(event);
      if (changed) {
        for (const held of this.opening.values()) held.push(event);
        await this.recheck(changed);
        return;
      }
      // Encoded once for all the streams that may see it (1,000 streams: one JSON and one buffer).
      let encoded: Uint8Array | undefined;
      const bytes = () => (encoded ??= encodeEvent(event, this.codec!));
      for (const s of this.streams) s.send(event, bytes);
      for (const held of this.opening.values()) held.push(event);
    });
    bus.onStop(() => {
      for (const s of [...this.streams]) s.close();
    });
  }

  get size(): number {
    return this.streams.size;
  }

  /**
   * The streams of users whose access changed, checked again: a stream whose token was revoked or
   * expired, or whose user is no longer active or has no role left for the token's client, ends; one
   * of a user whose roles or tenant changed follows the new ones (re-filtered in place). A stream
   * opened under impersonation ends (the console reopens it, and impersonation is checked again).
   */
  async recheck(users: Set<number>, now = new Date()): Promise<void> {
    for (const s of [...this.streams]) {
      if (!s.concerns(users)) continue;
      if (s.input.actorId !== s.input.user.id) {
        s.close();
        continue;
      }
      const record = await loadTokenUser(this.bus.db, s.input.tokenHash).catch(() => undefined);
      if (!record?.user || record.revoked || record.expiresAt <= now) {
        s.close();
        continue;
      }
      const user = { ...record.user, roles: rolesForClient(record.user.roles, s.input.clientId) };
      if (user.roles.length === 0) {
        s.close();
        continue;
      }
      s.input = { ...s.input, user };
    }
  }

  /** Room for one more stream of this token and user: their oldest streams beyond the caps end. */
  private makeRoom(input: StreamInput) {
    const open = [...this.streams];
    const ofToken = open.filter((s) => s.input.tokenHash === input.tokenHash);
    for (const s of ofToken.slice(0, Math.max(0, ofToken.length - MAX_STREAMS_PER_TOKEN + 1))) s.close();
    const ofUser = open.filter((s) => !s.isClosed && s.input.actorId === input.actorId);
    for (const s of ofUser.slice(0, Math.max(0, ofUser.length - MAX_STREAMS_PER_USER + 1))) s.close();
  }

  /** Opens a stream: resumes after Last-Event-ID from the table, then follows the bus. */
  async open(input: StreamInput): Promise<ReadableStream<Uint8Array>> {
    const codec = (this.codec ??= await cursorCodec(this.bus.db));
    const stream = new Stream(input, codec, (s) => this.streams.delete(s));
    // Held from before the catch-up read: an event the bus delivers meanwhile is either in the read
    // or held; send() drops an id already sent, so nothing is lost or sent twice.
    const pending: StoredEvent[] = [];
    this.opening.set(stream, pending);
    try {
      stream.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      if (input.unknownResumePoint) {
        stream.lastSent = this.bus.lastDeliveredId;
        stream.write(`event: reset\ndata: {}\n\n`);
      } else if (input.lastEventId === undefined) {
        stream.lastSent = this.bus.lastDeliveredId;
      } else {
        stream.lastSent = input.lastEventId;
        const missed = await readEventsAfter(this.bus.db, input.lastEventId, RESUME_LIMIT + 1);
        if (missed.length > RESUME_LIMIT) {
          // Too far behind (or the events were pruned): the client reloads everything it shows.
          stream.lastSent = this.bus.lastDeliveredId;
          stream.write(`event: reset\ndata: {}\n\n`);
        } else {
          for (const e of missed) stream.send(e);
        }
      }
    } finally {
      this.opening.delete(stream);
    }
    // The position the stream starts from, as an id without data (EventSource and the console keep it
    // as their Last-Event-ID): a client that goes away before any event of its own resumes from here.
    stream.write(`id: ${codec.encode(stream.lastSent)}\n\n`);
    // No await from here to add(): every event is either in `pending` or goes to the stream itself.
    // The user's access changed while the stream was opening: it ends, and the client's reconnect is
    // authorised afresh (the reconnect does not see that change as pending again).
    if (pending.some((e) => accessChangedUsers(e)?.has(input.user.id) || accessChangedUsers(e)?.has(input.actorId))) {
      stream.close();
      return stream.body;
    }
    for (const e of pending) stream.send(e);
    this.makeRoom(input);
    this.streams.add(stream);
    this.startTimer();
    return stream.body;
  }

  private startTimer() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.heartbeat(), HEARTBEAT_MS);
    this.timer.unref?.();
  }

  /** A comment line to every stream; streams whose token expired or was revoked end. */
  async heartbeat(now = new Date()): Promise<void> {
    if (this.streams.size === 0) {
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
      return;
    }
    const all = [...this.streams];
    for (const s of all) if (s.input.tokenExpiresAt <= now) s.close();
    const open = all.filter((s) => s.input.tokenExpiresAt > now);
    const hashes = [...new Set(open.map((s) => s.input.tokenHash))];
    let valid: Set<string>;
    try {
      const rows =
        hashes.length === 0
          ? []
          : (
              await sql<{ token_hash: string }>`select token_hash from access_tokens
        where token_hash = any(${`{${hashes.join(',')}}`}::text[]) and revoked_at is null`.execute(this.bus.db)
            ).rows;
      valid = new Set(rows.map((r) => r.token_hash));
    } catch {
      return; // the database is away: the streams keep their heartbeat of the next round
    }
    for (const s of open) {
      if (!valid.has(s.input.tokenHash)) s.close();
      else s.write(': heartbeat\n\n');
    }
  }
}

const hubs = new WeakMap<EventBus, LiveStreams>();

/** The process's streams over its bus (one per bus). */
export function liveStreamsOf(bus: EventBus): LiveStreams {
  let hub = hubs.get(bus);
  if (!hub) hubs.set(bus, (hub = new LiveStreams(bus)));
  return hub;
}
