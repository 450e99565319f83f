import { sql } from 'kysely';

import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { MessageKind, OutboxStatus } from '../db/schema.ts';
import { INBOUND_BLOCKS } from './dnc.ts';
import { MailSender } from './mail.ts';
import { countRelayOutcome, type RelayCounts } from './relay-totals.ts';
import { SendError, type OutgoingMessage } from './send-error.ts';
import { statusCallbackUrl, TwilioSender } from './twilio.ts';
import { onWake } from './wake.ts';

/** Tries before a message is given up as dead (about an hour and a half of backoff in all). */
export const MAX_ATTEMPTS = 10;
/** Backoff before try n+1: a random wait up to min(cap, base x 2^(n-1)) ("full jitter"). */
export const BACKOFF_BASE_MS = 10_000;
export const BACKOFF_CAP_MS = 3_600_000;
/** How long a claimed row is held: past it, a relay that died while sending is presumed gone. */
export const CLAIM_LEASE_MS = 120_000;
/** How often an idle relay looks for due rows written by other processes. */
const POLL_MS = 500;
const URGENT_BATCH = 20;
const BULK_BATCH = 50;

/** What replaces the text of a message carrying a secret once it is sent: it is never kept. */
export const REMOVED_BODY = '[removed after sending: it carried a one-time secret]';
const SECRET_KINDS: readonly MessageKind[] = ['code', 'reset', 'invitation'];

export interface RelayOptions {
  now?: () => Date;
  /** [0, 1): the jitter of the backoff (tests pass a fixed one). */
  random?: () => number;
  pollMs?: number;
}

interface ClaimedRow {
  id: number;
  channel: 'EMAIL' | 'SMS';
  kind: MessageKind;
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Date;
  attempts: number;
  expires_at: Date | null;
}

// What every relay of this process has done since it started (messages sent, tries failed and retried,
// given up), by channel, is counted in relay-totals.ts, which the metrics read.

/**
 * The outbox relay: every API process runs one. It claims due rows with FOR UPDATE SKIP LOCKED
 * (so no two relays take one row), sends each through SMTP or Twilio and records the outcome.
 * Two lanes: one-time codes, resets and notices in one, never waiting behind the bulk lane,
 * which sends texts at SMS_RATE_PER_SECOND across every process (message_pacing).
 * At least once across a crash between sending and recording (decision 0086).
 */
export class MessageRelay {
  readonly counts: RelayCounts = { sent: 0, retried: 0, dead: 0 };
  private readonly mail: MailSender | undefined;
  private readonly sms: TwilioSender | undefined;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly pollMs: number;
  private running = false;
  private lanes: Promise<void>[] = [];
  private wakers = new Set<() => void>();
  private unsubscribe: () => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    options: RelayOptions = {},
  ) {
    this.mail = config.mail ? new MailSender(config.mail) : undefined;
    this.sms = config.twilio ? new TwilioSender(config.twilio, statusCallbackUrl(config.publicOrigin)) : undefined;
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
    this.pollMs = options.pollMs ?? POLL_MS;
  }

  /** The channels this process delivers: the configured ones; the rest stay in the outbox. */
  get channels(): ('EMAIL' | 'SMS')[] {
    return [...(this.mail ? ['EMAIL' as const] : []), ...(this.sms ? ['SMS' as const] : [])];
  }

  start(): this {
    if (this.running || this.channels.length === 0) return this;
    this.running = true;
    this.unsubscribe = onWake(() =>
      setTimeout(() => {
        for (const w of this.wakers) w();
      }, 5),
    );
    this.lanes = [this.loop(() => this.runUrgent()), ...(this.sms ? [this.loop(() => this.runBulk())] : [])];
    return this;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe();
    for (const w of this.wakers) w();
    await Promise.all(this.lanes);
    this.mail?.close();
  }

  /** One pass of both lanes, for tests: how many rows were handled. */
  async runOnce(): Promise<number> {
    return (await this.runUrgent()) + (this.sms ? await this.runBulk() : 0);
  }

  private async loop(pass: () => Promise<number>): Promise<void> {
    while (this.running) {
      let handled = 0;
      try {
        handled = await pass();
      } catch (err) {
        // The database away for a moment: the next pass tries again; nothing is lost (rows stay due).
        console.error(`[porchlight] message relay: ${(err as Error).message}`);
      }
      if (!this.running) break;
      if (handled > 0) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.pollMs);
        function done() {
          clearTimeout(timer);
          wakers.delete(done);
          resolve();
        }
        const wakers = this.wakers;
        wakers.add(done);
      });
    }
  }

  private async runUrgent(): Promise<number> {
    const rows = await this.claim('urgent', URGENT_BATCH);
    await Promise.all(rows.map((r) => this.deliver(r)));
    return rows.length;
  }

  private async runBulk(): Promise<number> {
    const slots = await this.reserveBulkSlots();
    if (slots === 0) return 0;
    const rows = await this.claim('bulk', slots);
    await Promise.all(rows.map((r) => this.deliver(r)));
    return rows.length;
  }

  /**
   * Bulk texts at SMS_RATE_PER_SECOND across every process: a relay may send k texts when the
   * shared next slot has come, and moves it k intervals on in the same statement.
   */
  private async reserveBulkSlots(): Promise<number> {
    const rate = this.config.smsRatePerSecond;
    if (!Number.isFinite(rate)) return BULK_BATCH;
    const k = Math.max(1, Math.min(BULK_BATCH, Math.floor(rate * (this.pollMs / 1000))));
    const now = this.now();
    const next = new Date(now.getTime() + (k * 1000) / rate);
    const res = await sql<{ lane: string }>`
      insert into message_pacing (lane, next_slot) values ('bulk-sms', ${next})
      on conflict (lane) do update set next_slot = ${next} where message_pacing.next_slot <= ${now}
      returning lane`.execute(this.db);
    return res.rows.length > 0 ? k : 0;
  }

  private async claim(lane: 'urgent' | 'bulk', limit: number): Promise<ClaimedRow[]> {
    const channels = lane === 'bulk' ? ['SMS'] : this.channels;
    const now = this.now();
    const lease = new Date(now.getTime() + CLAIM_LEASE_MS);
    const laneFilter = lane === 'bulk' ? sql`priority = 2` : sql`priority < 2`;
    const res = await sql<ClaimedRow>`
      update outbox o set status = 'sending', attempts = o.attempts + 1, claimed_until = ${lease}, updated_at = ${now}
      where o.id in (
        select id from outbox
        where ${laneFilter} and channel = any(${channels}::text[])
          and ((status in ('queued', 'retrying') and next_attempt_at <= ${now}) or (status = 'sending' and claimed_until < ${now}))
        order by priority, next_attempt_at, id
        limit ${limit}
        for update skip locked)
      returning o.id, o.channel, o.kind, o.recipient, o.subject, o.body, o.created_at, o.attempts, o.expires_at`.execute(
      this.db,
    );
    return res.rows;
  }

  private async deliver(row: ClaimedRow): Promise<void> {
    const now = this.now();
    if (row.expires_at && row.expires_at.getTime() <= now.getTime()) {
      await this.finish(row, 'dead', { last_error: 'Expired before it could be sent' });
      return;
    }
    if (row.channel === 'SMS' && row.kind !== 'reply' && (await this.inboundBlocked(row.recipient))) {
      await this.finish(row, 'dead', { last_error: 'Not sent: the number replied STOP' });
      return;
    }
    const msg: OutgoingMessage = {
      id: row.id,
      kind: row.kind,
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      createdAt: new Date(row.created_at),
    };
    let providerId: string;
    try {
      const sender = row.channel === 'EMAIL' ? this.mail : this.sms;
      if (!sender)
        throw new SendError(`No ${row.channel === 'EMAIL' ? 'SMTP server' : 'Twilio account'} configured`, false);
      providerId = await sender.send(msg);
    } catch (err) {
      const e = err instanceof SendError ? err : new SendError((err as Error).message, false);
      if (e.permanent || row.attempts >= MAX_ATTEMPTS) {
        await this.finish(row, 'dead', {
          last_error: e.permanent ? e.message : `${e.message} (gave up after ${row.attempts} tries)`,
        });
      } else {
        const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (row.attempts - 1));
        const wait = Math.floor(this.random() * ceiling);
        await this.finish(row, 'retrying', {
          last_error: e.message,
          next_attempt_at: new Date(this.now().getTime() + wait),
        });
      }
      return;
    }
    await this.finish(row, 'sent', { provider_id: providerId, sent_at: this.now(), last_error: null });
  }

  private async inboundBlocked(phone: string): Promise<boolean> {
    const hit = await this.db
      .selectFrom('dnc_contacts')
      .select('id')
      .where('type', '=', 'PHONE')
      .where('value', '=', phone)
      .where('disposition', 'in', INBOUND_BLOCKS)
      .executeTakeFirst();
    return hit !== undefined;
  }

  /** Records the outcome; a secret's text goes as soon as the message leaves (or dies). */
  private async finish(
    row: ClaimedRow,
    status: OutboxStatus,
    set: { last_error?: string | null; next_attempt_at?: Date; provider_id?: string; sent_at?: Date },
  ): Promise<void> {
    // In demo mode the outbox is the mail catcher (/dev/outbox shows each message): the text stays until
    // the retention job's hourly round takes the codes out of sent messages.
    const forget =
      !this.config.demoMode &&
      status !== 'retrying' &&
      SECRET_KINDS.includes(row.kind) &&
      (status === 'sent' || row.kind === 'code');
    await this.db
      .updateTable('outbox')
      .set({ status, claimed_until: null, updated_at: this.now(), ...set, ...(forget ? { body: REMOVED_BODY } : {}) })
      .where('id', '=', row.id)
      .where('status', '=', 'sending')
      .execute();
    const key = status === 'sent' ? 'sent' : status === 'dead' ? 'dead' : 'retried';
    this.counts[key] += 1;
    countRelayOutcome(row.channel, key);
  }
}
