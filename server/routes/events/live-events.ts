import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import * as v from 'valibot';

import { rolesForClient } from '../../../src/access/roles.ts';
import { lockKeys } from '../../auth/rate-limit.ts';
import { ACCESS_TOKEN_TTL_S, sha256 } from '../../auth/tokens.ts';
import { loadTokenUser } from '../../auth/users.ts';
import { cursorCodec } from '../../events/cursor.ts';
import { liveStreamsOf } from '../../events/streams.ts';
import { forbidden, HttpError, unauthorized } from '../../http/errors.ts';
import { route, type AppContext, type AuthUser, type RouteDef } from '../../http/route.ts';
import { query } from '../../http/validate.ts';

// The live console (decision 0081): Server-Sent Events of the changes the caller may see.
//   GET  /events                 Authorization: Bearer (the console's own client, a fetch stream)
//   POST /events/ticket          a 30-second single-use ticket for EventSource, which sends no headers
//   GET  /events/stream?ticket=  the same stream opened with that ticket
// Both streams resume after Last-Event-ID (the header EventSource sends on reconnect, or
// ?lastEventId= on a first open) and end when the access token behind them expires or is revoked.

const TICKET_TTL_MS = 30_000;
/** Tickets of one access token not yet used nor expired, at most: a console asks for one per (re)connect. */
export const MAX_OPEN_TICKETS_PER_TOKEN = 5;
// A position the stream gave (a cursor, server/events/cursor.ts), or a plain number from before cursors.
const EventId = v.pipe(v.string(), v.regex(/^(?:[A-Za-z0-9_-]{22}|\d{1,15})$/, 'must be an event id the stream gave'));
const StreamQuery = v.object({ lastEventId: v.optional(EventId) });
const TicketQuery = v.object({
  ticket: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'must be a ticket from POST /events/ticket')),
  lastEventId: v.optional(EventId),
});

/** Where a stream resumes: after a cursor's event, from now (none), or from now with a reset (a cursor this server cannot place). */
interface ResumePoint {
  lastEventId: number | undefined;
  unknownResumePoint: boolean;
}

/**
 * A stream request's resume point: the Last-Event-ID header (EventSource's reconnect) or the query's.
 * The stream is for clients that ask for one (EventSource always does); anything else gets JSON (406).
 */
async function resumePointOf(c: AppContext, fromQuery: string | undefined): Promise<ResumePoint> {
  const header = c.req.header('Last-Event-ID');
  let resume = fromQuery;
  if (header !== undefined && header !== '') {
    const parsed = v.safeParse(EventId, header);
    if (!parsed.success)
      throw new HttpError(400, 'The request is not valid', { 'Last-Event-ID': 'must be an event id the stream gave' });
    resume = parsed.output;
  }
  if (!/\btext\/event-stream\b/i.test(c.req.header('Accept') ?? '')) {
    throw new HttpError(406, 'This is an event stream: send Accept: text/event-stream');
  }
  if (resume === undefined) return { lastEventId: undefined, unknownResumePoint: false };
  // A plain number (a client of before cursors) or a cursor of another key is not placed: reading from
  // a number a client chose would tell it how many events the platform had since (a reset or not).
  const id = (await cursorCodec(c.get('db'))).decode(resume);
  return id === undefined
    ? { lastEventId: undefined, unknownResumePoint: true }
    : { lastEventId: id, unknownResumePoint: false };
}

/** The bearer token of the request (the route's policy has already checked it). */
const bearerOf = (c: Context) => /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1] ?? '';

interface Opening extends ResumePoint {
  user: AuthUser;
  actorId: number;
  clientId: string;
  tokenHash: string;
  tokenExpiresAt: Date;
}

async function openStream(c: AppContext, input: Opening) {
  const bus = c.get('events');
  if (!bus || bus.isStopped) throw new HttpError(503, 'Live events are not available on this server right now');
  const body = await liveStreamsOf(bus).open(input);
  return c.body(body, 200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    // no-transform: neither our compression nor a proxy may hold events back to fill a gzip block.
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  });
}

export const liveEventRoutes: RouteDef[] = [
  route({
    // Anyone signed in: what reaches them is filtered per event by role and tenant (server/events/audience.ts).
    method: 'GET',
    path: '/events',
    policy: 'signed-in',
    handler: async (c) => {
      const resume = await resumePointOf(c, query(c, StreamQuery).lastEventId);
      const tokenHash = sha256(bearerOf(c));
      const record = await loadTokenUser(c.get('db'), tokenHash);
      const expiresAt = record?.expiresAt ?? new Date(c.get('now')().getTime() + ACCESS_TOKEN_TTL_S * 1000);
      const { user, actor, clientId } = c.get('auth');
      return openStream(c, { user, actorId: actor.id, clientId, tokenHash, tokenExpiresAt: expiresAt, ...resume });
    },
  }),
  route({
    method: 'POST',
    path: '/events/ticket',
    policy: 'signed-in',
    handler: async (c) => {
      // The ticket stands for the token alone: under impersonation the console's own stream (with the
      // header) is the way, so a ticket never carries an identity other than its token's.
      if (c.get('auth').impersonating)
        throw forbidden('Open the stream with the Authorization header while impersonating');
      const token = bearerOf(c);
      const ticket = randomBytes(32).toString('base64url');
      const now = c.get('now')();
      await c
        .get('db')
        .transaction()
        .execute(async (trx) => {
          await trx
            .deleteFrom('event_tickets')
            .where('expires_at', '<', new Date(now.getTime() - TICKET_TTL_MS))
            .execute();
          // Counted under a lock on the token's key, so racing requests cannot each take the last one.
          await lockKeys(trx, [`event-tickets:${sha256(token)}`]);
          const open = await trx
            .selectFrom('event_tickets')
            .select(['expires_at'])
            .where('token_hash', '=', sha256(token))
            .where('used_at', 'is', null)
            .where('expires_at', '>', now)
            .orderBy('expires_at')
            .execute();
          if (open.length >= MAX_OPEN_TICKETS_PER_TOKEN) {
            const wait = Math.max(1, Math.ceil((open[0]!.expires_at.getTime() - now.getTime()) / 1000));
            throw new HttpError(
              429,
              'Too many stream tickets are open for this session. Try again shortly.',
              undefined,
              {
                'Retry-After': String(wait),
              },
            );
          }
          await trx
            .insertInto('event_tickets')
            .values({
              ticket_hash: sha256(ticket),
              token_hash: sha256(token),
              expires_at: new Date(now.getTime() + TICKET_TTL_MS),
            })
            .execute();
        });
      return c.json({ ticket, expiresIn: TICKET_TTL_MS / 1000 }, 201);
    },
  }),
  route({
    // Public at the door because EventSource sends no Authorization header: the ticket is the
    // credential, spent (single use) and checked against its token before anything is streamed.
    method: 'GET',
    path: '/events/stream',
    policy: 'public',
    handler: async (c) => {
      const q = query(c, TicketQuery);
      const resume = await resumePointOf(c, q.lastEventId);
      const now = c.get('now')();
      const spent = await c
        .get('db')
        .updateTable('event_tickets')
        .set({ used_at: now })
        .where('ticket_hash', '=', sha256(q.ticket))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('token_hash')
        .executeTakeFirst();
      if (!spent) throw unauthorized('The ticket is unknown, used or expired');
      const record = await loadTokenUser(c.get('db'), spent.token_hash);
      if (!record?.user || record.revoked || record.expiresAt <= now)
        throw unauthorized('The access token behind the ticket is no longer valid');
      const user = { ...record.user, roles: rolesForClient(record.user.roles, record.clientId) };
      return openStream(c, {
        user,
        actorId: user.id,
        clientId: record.clientId,
        tokenHash: spent.token_hash,
        tokenExpiresAt: record.expiresAt,
        ...resume,
      });
    },
  }),
];
