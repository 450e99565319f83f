import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig, RETENTION_DEFAULTS } from '../../server/config.ts';
import type { OutboxStatus } from '../../server/db/schema.ts';
import { RETENTION_LOCK_KEY, runRetention } from '../../server/jobs/retention.ts';
import { startTestServer, type TestServer } from '../setup/test-server.ts';

// The hourly retention job (server/jobs/retention.ts): every bound by its default, audit rows kept,
// one runner at a time.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const now = new Date('2026-06-15T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('the retention job', () => {
  it('deletes what is older than each bound, keeps what is newer, and keeps audit rows', async () => {
    const db = server.db;
    const user = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    const r = RETENTION_DEFAULTS;
    const event = (type: string, at: Date) => ({ type, payload: '{}', audience_roles: ['ADMIN'], created_at: at });
    await db
      .insertInto('events')
      .values([
        event('RETAIN_OLD', ago(r.eventsDays * DAY + HOUR)),
        event('RETAIN_NEW', ago(r.eventsDays * DAY - HOUR)),
      ])
      .execute();
    const message = (recipient: string, status: OutboxStatus, at: Date, body = 'hello') => ({
      channel: 'SMS' as const,
      recipient,
      body,
      status,
      created_at: at,
      sent_at: status === 'queued' ? null : at,
    });
    await db
      .insertInto('outbox')
      .values([
        message('+15550200001', 'sent', ago(r.messagesDays * DAY + HOUR)),
        message('+15550200002', 'sent', ago(r.messagesDays * DAY - HOUR)),
        message('+15550200003', 'queued', ago(r.messagesDays * DAY + HOUR)),
        message('+15550200004', 'dead', ago(r.messagesDays * DAY + HOUR)),
        message('+15550200005', 'sent', ago(HOUR), 'Your Porchlight sign-in code is 123456. It expires in 5 minutes.'),
        message(
          '+15550200006',
          'queued',
          ago(HOUR),
          'Your Porchlight sign-in code is 654321. It expires in 5 minutes.',
        ),
      ])
      .execute();
    const token = (hash: string, o: { expires: Date; revoked?: Date }) => ({
      token_hash: hash,
      family_id: `family-${hash}`,
      user_id: user.id,
      client_id: 'porchlight-console',
      expires_at: o.expires,
      revoked_at: o.revoked ?? null,
    });
    const tokensBound = r.refreshTokensDays * DAY;
    await db
      .insertInto('refresh_tokens')
      .values([
        { ...token('rt-expired-old', { expires: ago(tokensBound + HOUR) }), created_at: ago(60 * DAY) },
        { ...token('rt-expired-new', { expires: ago(tokensBound - HOUR) }), created_at: ago(60 * DAY) },
        {
          ...token('rt-revoked-old', { expires: new Date(now.getTime() + DAY), revoked: ago(tokensBound + HOUR) }),
          created_at: ago(60 * DAY),
        },
        { ...token('rt-live', { expires: new Date(now.getTime() + DAY) }), created_at: ago(60 * DAY) },
      ])
      .execute();
    await db
      .insertInto('access_tokens')
      .values([
        token('at-expired-old', { expires: ago(tokensBound + HOUR) }),
        token('at-expired-new', { expires: ago(tokensBound - HOUR) }),
      ])
      .execute();
    const codesBound = r.codesHours * HOUR;
    const otp = (ref: string, o: { expires: Date; used?: Date }) => ({
      ref_hash: ref,
      phone: '+15550200009',
      code_hash: 'x',
      client_id: 'porchlight-agent',
      redirect_uri: 'http://agents.localhost/login',
      code_challenge: 'c',
      expires_at: o.expires,
      used_at: o.used ?? null,
    });
    await db
      .insertInto('otp_challenges')
      .values([
        otp('otp-expired-old', { expires: ago(codesBound + HOUR) }),
        otp('otp-used-new', { expires: ago(codesBound - 2 * HOUR), used: ago(codesBound - HOUR) }),
      ])
      .execute();
    await db
      .insertInto('authorization_codes')
      .values([
        {
          code_hash: 'ac-used-old',
          user_id: user.id,
          client_id: 'porchlight-agent',
          redirect_uri: 'r',
          code_challenge: 'c',
          expires_at: ago(codesBound),
          used_at: ago(codesBound + HOUR),
        },
        {
          code_hash: 'ac-expired-new',
          user_id: user.id,
          client_id: 'porchlight-agent',
          redirect_uri: 'r',
          code_challenge: 'c',
          expires_at: ago(codesBound - HOUR),
        },
      ])
      .execute();
    const invite = (hash: string, kind: 'INVITE' | 'RESET', o: { expires: Date; used?: Date; revoked?: Date }) => ({
      code_hash: hash,
      user_id: user.id,
      kind,
      expires_at: o.expires,
      used_at: o.used ?? null,
      revoked_at: o.revoked ?? null,
    });
    await db
      .insertInto('invites')
      .values([
        invite('inv-reset-expired-old', 'RESET', { expires: ago(codesBound + HOUR) }),
        invite('inv-invite-expired-old', 'INVITE', { expires: ago(codesBound + HOUR) }), // the user screens show it as expired
        invite('inv-revoked-old', 'INVITE', {
          expires: new Date(now.getTime() + DAY),
          revoked: ago(codesBound + HOUR),
        }),
        invite('inv-used-new', 'RESET', { expires: new Date(now.getTime() + DAY), used: ago(codesBound - HOUR) }),
      ])
      .execute();
    await db
      .insertInto('event_tickets')
      .values([
        { ticket_hash: 'tk-expired-old', token_hash: 't', expires_at: ago(codesBound + HOUR) },
        { ticket_hash: 'tk-expired-new', token_hash: 't', expires_at: ago(codesBound - HOUR) },
      ])
      .execute();
    await db
      .insertInto('idempotent_requests')
      .values([
        {
          user_id: user.id,
          key: 'idem-old',
          fingerprint: 'f',
          status: 200,
          response: '{}',
          created_at: ago(r.idempotencyHours * HOUR + HOUR),
        },
        {
          user_id: user.id,
          key: 'idem-new',
          fingerprint: 'f',
          status: 200,
          response: '{}',
          created_at: ago(r.idempotencyHours * HOUR - HOUR),
        },
      ])
      .execute();
    await db
      .insertInto('analytics_events')
      .values([
        { measurement_id: 'G-RETAIN', kind: 'page_view', path: '/old', occurred_at: ago(r.analyticsDays * DAY + HOUR) },
        { measurement_id: 'G-RETAIN', kind: 'page_view', path: '/new', occurred_at: ago(r.analyticsDays * DAY - HOUR) },
      ])
      .execute();
    const agent = await db.selectFrom('agents').select(['id', 'brokerage_id']).orderBy('id').executeTakeFirstOrThrow();
    const notification = (name: string, sent: Date, cleared: boolean) => ({
      agent_id: agent.id,
      brokerage_id: agent.brokerage_id,
      type: 'NEW_REFERRAL' as const,
      referral_id: null,
      referral_name: name,
      title: 'New referral',
      text: name,
      sent,
      cleared_at: cleared ? ago(r.notificationsDays * DAY) : null,
    });
    await db
      .insertInto('agent_notifications')
      .values([
        notification('retain-cleared-old', ago(r.notificationsDays * DAY + HOUR), true),
        notification('retain-cleared-new', ago(r.notificationsDays * DAY - HOUR), true),
        notification('retain-open-mid', ago(r.notificationsDays * DAY + HOUR), false), // never acted on: the agent's list still shows it
        notification('retain-open-old', ago(r.openNotificationsDays * DAY + HOUR), false),
        notification('retain-open-new', ago(r.openNotificationsDays * DAY - HOUR), false),
      ])
      .execute();
    await db
      .insertInto('audit_log')
      .values({ action: 'RETAIN_AUDIT', detail: 'kept for ever', created_at: ago(3000 * DAY) })
      .execute();

    const report = await runRetention(db, RETENTION_DEFAULTS, now);
    expect(report).toBeDefined();
    expect(report!.events).toBeGreaterThanOrEqual(1);

    expect(
      (await db.selectFrom('events').select('type').where('type', 'like', 'RETAIN_%').execute()).map((e) => e.type),
    ).toEqual(['RETAIN_NEW']);
    const messages = await db
      .selectFrom('outbox')
      .select(['recipient', 'body'])
      .where('recipient', 'like', '+1555020000%')
      .orderBy('recipient')
      .execute();
    expect(messages).toEqual([
      { recipient: '+15550200002', body: 'hello' },
      { recipient: '+15550200003', body: 'hello' },
      { recipient: '+15550200005', body: 'Your Porchlight sign-in code is [removed]. It expires in 5 minutes.' },
      { recipient: '+15550200006', body: 'Your Porchlight sign-in code is 654321. It expires in 5 minutes.' },
    ]);
    const hashes = async (table: 'refresh_tokens' | 'access_tokens', prefix: string) =>
      (
        await db
          .selectFrom(table)
          .select('token_hash')
          .where('token_hash', 'like', `${prefix}%`)
          .orderBy('token_hash')
          .execute()
      ).map((t) => t.token_hash);
    expect(await hashes('refresh_tokens', 'rt-')).toEqual(['rt-expired-new', 'rt-live']);
    expect(await hashes('access_tokens', 'at-')).toEqual(['at-expired-new']);
    expect(
      (await db.selectFrom('otp_challenges').select('ref_hash').where('ref_hash', 'like', 'otp-%').execute()).map(
        (o) => o.ref_hash,
      ),
    ).toEqual(['otp-used-new']);
    expect(
      (await db.selectFrom('authorization_codes').select('code_hash').where('code_hash', 'like', 'ac-%').execute()).map(
        (o) => o.code_hash,
      ),
    ).toEqual(['ac-expired-new']);
    expect(
      (
        await db
          .selectFrom('invites')
          .select('code_hash')
          .where('code_hash', 'like', 'inv-%')
          .orderBy('code_hash')
          .execute()
      ).map((o) => o.code_hash),
    ).toEqual(['inv-invite-expired-old', 'inv-used-new']);
    expect(
      (await db.selectFrom('event_tickets').select('ticket_hash').where('ticket_hash', 'like', 'tk-%').execute()).map(
        (o) => o.ticket_hash,
      ),
    ).toEqual(['tk-expired-new']);
    expect(
      (await db.selectFrom('idempotent_requests').select('key').where('key', 'like', 'idem-%').execute()).map(
        (o) => o.key,
      ),
    ).toEqual(['idem-new']);
    expect(
      (await db.selectFrom('analytics_events').select('path').where('measurement_id', '=', 'G-RETAIN').execute()).map(
        (o) => o.path,
      ),
    ).toEqual(['/new']);
    expect(
      (
        await db
          .selectFrom('agent_notifications')
          .select('referral_name')
          .where('referral_name', 'like', 'retain-%')
          .orderBy('referral_name')
          .execute()
      ).map((n) => n.referral_name),
    ).toEqual(['retain-cleared-new', 'retain-open-mid', 'retain-open-new']);
    expect(report!.notifications).toBeGreaterThanOrEqual(2);
    expect(await db.selectFrom('audit_log').select('detail').where('action', '=', 'RETAIN_AUDIT').execute()).toEqual([
      { detail: 'kept for ever' },
    ]);
  });

  it('reads each bound from its environment variable, with the named defaults', () => {
    expect(loadConfig({ DEMO_MODE: 'true' }).retention).toEqual(RETENTION_DEFAULTS);
    expect(RETENTION_DEFAULTS).toEqual({
      eventsDays: 30,
      messagesDays: 30,
      refreshTokensDays: 7,
      codesHours: 24,
      idempotencyHours: 48,
      analyticsDays: 400,
      notificationsDays: 90,
      openNotificationsDays: 365,
    });
    expect(
      loadConfig({
        DEMO_MODE: 'true',
        RETAIN_EVENTS_DAYS: '10',
        RETAIN_MESSAGES_DAYS: '11',
        RETAIN_REFRESH_TOKENS_DAYS: '12',
        RETAIN_CODES_HOURS: '13',
        RETAIN_IDEMPOTENCY_HOURS: '14',
        RETAIN_ANALYTICS_DAYS: '15',
        RETAIN_NOTIFICATIONS_DAYS: '16',
        RETAIN_OPEN_NOTIFICATIONS_DAYS: '17',
      }).retention,
    ).toEqual({
      eventsDays: 10,
      messagesDays: 11,
      refreshTokensDays: 12,
      codesHours: 13,
      idempotencyHours: 14,
      analyticsDays: 15,
      notificationsDays: 16,
      openNotificationsDays: 17,
    });
  });

  it('prunes by the bound it is given', async () => {
    await server.db
      .insertInto('analytics_events')
      .values({ measurement_id: 'G-RETAIN2', kind: 'page_view', path: '/ten-days', occurred_at: ago(10 * DAY) })
      .execute();
    await runRetention(server.db, { ...RETENTION_DEFAULTS, analyticsDays: 30 }, now);
    expect(
      await server.db.selectFrom('analytics_events').select('path').where('measurement_id', '=', 'G-RETAIN2').execute(),
    ).toHaveLength(1);
    await runRetention(server.db, { ...RETENTION_DEFAULTS, analyticsDays: 9 }, now);
    expect(
      await server.db.selectFrom('analytics_events').select('path').where('measurement_id', '=', 'G-RETAIN2').execute(),
    ).toHaveLength(0);
  });

  it('runs once when asked twice at the same time in one process', async () => {
    const rounds = await Promise.all([
      runRetention(server.db, RETENTION_DEFAULTS, now),
      runRetention(server.db, RETENTION_DEFAULTS, now),
    ]);
    expect(rounds.filter((r) => r !== undefined)).toHaveLength(1);
  });

  // Two processes share one database only on a PostgreSQL server (a PGlite folder has one owner).
  it.runIf(process.env.TEST_DB === 'postgres')('skips the round while another process holds the lock', async () => {
    const url = (await sql<{ db: string }>`select current_database() as db`.execute(server.db)).rows[0]!.db;
    const target = new URL(process.env.TEST_DATABASE_URL!);
    target.pathname = `/${url}`;
    const other = new pg.Client({ connectionString: target.toString() });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [RETENTION_LOCK_KEY]);
      expect(await runRetention(server.db, RETENTION_DEFAULTS, now)).toBeUndefined();
      await other.query('select pg_advisory_unlock($1)', [RETENTION_LOCK_KEY]);
      expect(await runRetention(server.db, RETENTION_DEFAULTS, now)).toBeDefined();
    } finally {
      await other.end();
    }
  });
});
