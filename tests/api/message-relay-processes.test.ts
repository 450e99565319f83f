// Three API processes on one PostgreSQL share one outbox: 300 messages queued before they start
// (mail, texts, codes and bulk texts) each reach the stand-in SMTP server or Twilio API exactly once,
// whichever relay claimed them (FOR UPDATE SKIP LOCKED, decision 0086). Runs in the api-pg project
// only (a PostgreSQL server: TEST_DATABASE_URL).
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SmtpStandIn, TWILIO_FROM, TWILIO_SID, TWILIO_TOKEN, TwilioStandIn } from '../setup/message-stand-ins.ts';
import { PG_TEMPLATE_DB } from '../setup/pg-template.ts';
import { withPgClient } from '../setup/test-server.ts';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres' && !!url;
const MESSAGES = 300;

interface Proc {
  child: ChildProcess;
  out: string;
}
const procs: Proc[] = [];
let dbName = '';
const smtp = new SmtpStandIn();
const twilio = new TwilioStandIn();

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

let target = '';

beforeAll(async () => {
  if (!onPostgres) return;
  await smtp.start();
  await twilio.start();
  dbName = `porchlight_relay_${process.pid}_${Date.now()}`;
  await withPgClient(url!, (c) => c.query(`create database ${dbName} template ${PG_TEMPLATE_DB}`));
  const u = new URL(url!);
  u.pathname = `/${dbName}`;
  target = u.toString();
  // Queued before any relay runs, so the three start on the same due rows at once.
  await withPgClient(target, async (c) => {
    for (let i = 0; i < MESSAGES; i += 1) {
      const email = i % 2 === 0;
      const kind = i % 3 === 0 ? 'bulk' : i % 5 === 0 ? 'code' : 'notice';
      await c.query(
        `insert into outbox (channel, recipient, subject, body, kind, priority, status, next_attempt_at, created_at) values ($1, $2, $3, $4, $5, $6, 'queued', now(), now())`,
        email
          ? [
              'EMAIL',
              `person${i}@example.test`,
              `Message ${i}`,
              `Message number ${i}`,
              kind === 'bulk' ? 'notice' : kind,
              kind === 'code' ? 0 : 1,
            ]
          : [
              'SMS',
              `+1555020${String(i).padStart(4, '0')}`,
              null,
              `Message number ${i}`,
              kind,
              kind === 'bulk' ? 2 : kind === 'code' ? 0 : 1,
            ],
      );
    }
  });
  for (let i = 0; i < 3; i += 1) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: target,
        PORT: String(await freePort()),
        DEMO_MODE: 'true',
        STATIC_DIR: '.tmp/no-console',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Porchlight <no-reply@porchlight.example>',
        TWILIO_ACCOUNT_SID: TWILIO_SID,
        TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
        TWILIO_FROM,
        TWILIO_API_URL: twilio.url,
        SMS_RATE_PER_SECOND: 'unlimited',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const p: Proc = { child, out: '' };
    child.stdout!.on('data', (d: Buffer) => {
      p.out += d.toString();
    });
    child.stderr!.on('data', (d: Buffer) => {
      p.out += d.toString();
    });
    procs.push(p);
  }
}, 60_000);

afterAll(async () => {
  for (const p of procs) p.child.kill('SIGTERM');
  await Promise.all(
    procs.map((p) => new Promise((r) => (p.child.exitCode !== null ? r(null) : p.child.on('exit', r)))),
  );
  if (dbName) await withPgClient(url!, (c) => c.query(`drop database if exists ${dbName}`));
  await smtp.stop();
  await twilio.stop();
}, 60_000);

describe.runIf(onPostgres)('three relays on one PostgreSQL', () => {
  it('send each of 300 queued messages exactly once', async () => {
    const end = Date.now() + 150_000;
    const finished = () =>
      withPgClient(
        target,
        async (c) =>
          (
            await c.query<{ n: number }>(
              `select count(*)::int as n from outbox where (recipient like 'person%@example.test' or recipient like '+1555020%') and status = 'sent'`,
            )
          ).rows[0]!.n,
      );
    while ((await finished()) < MESSAGES) {
      if (Date.now() > end || procs.some((p) => p.child.exitCode !== null))
        throw new Error(procs.map((p) => p.out).join('\n---\n'));
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(procs.every((p) => p.out.includes('delivering EMAIL and SMS from the outbox'))).toBe(true);
    const bodies = [
      ...smtp.mails.map((m) => /Message number (\d+)/.exec(m.raw)?.[1]),
      ...twilio.texts.map((t) => /Message number (\d+)/.exec(t.Body)?.[1]),
    ].filter((b): b is string => b !== undefined);
    expect(bodies).toHaveLength(MESSAGES);
    expect(new Set(bodies).size).toBe(MESSAGES);
    const tries = await withPgClient(
      target,
      async (c) =>
        (
          await c.query<{ n: number }>(
            `select count(*)::int as n from outbox where (recipient like 'person%@example.test' or recipient like '+1555020%') and attempts <> 1`,
          )
        ).rows[0]!.n,
    );
    expect(tries).toBe(0);
  }, 180_000);
});
