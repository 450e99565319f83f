import type { SmsSuppression } from '../../../src/contract/bulk-sms.ts';
import type { SeedContext } from './core.ts';
import { insertMany, insertRows } from './insert.ts';
import { createRandom, DAY_MS, FIRST_NAMES } from './random.ts';

// Bulk SMS send history: past sends by the staff, finished, each with its
// recipients' outcomes (sent, or suppressed with the pre-flight's reason), so the Bulk SMS Send
// page's history and each send's report have rows. 12 sends at scale 1 (times the scale), over the
// last 90 days; every 25th is a large send (1,000 to 3,000 recipients), the rest 10 to 200. Sends
// to pasted lists of all brokerages (no brokerage), so a brokerage admin's own sends stay apart.
// No outbox or audit rows: those stand for messages of the past that other tests count today.

const MESSAGES = [
  'Hi {firstName|there}, new listings match your search this week. Reply STOP to opt out.',
  'Hello {firstName|there}! Mortgage rates moved: ask your agent what it means for you. Reply STOP to opt out.',
  'Open houses this Saturday near you, 10 AM-2 PM. Reply STOP to opt out.',
  '{firstName|Hi}, a quick question about your home search: still looking? Reply STOP to opt out.',
];
const AREAS = ['207', '212', '303', '312', '415', '608', '208'];
// The seeded sends predate the DO_NOT_CONTACT check: their outcomes keep the older reasons.
const REASONS: Record<Exclude<SmsSuppression, 'DO_NOT_CONTACT'>, number> = {
  DNC: 3,
  INVALID: 2,
  DUPLICATE: 2,
  QUIET_HOURS: 1,
};

export async function seedSmsHistory({ db, scale, now, ids }: SeedContext): Promise<void> {
  const rnd = createRandom(20261201);
  const senders = [ids.users['admin@demo.test'], ids.users['engagement@demo.test']].filter(
    (id): id is number => id !== undefined,
  );
  const count = 12 * scale;
  const span = 90 * DAY_MS;
  const jobs = Array.from({ length: count }, (_, i) => {
    const created = new Date(
      now.getTime() - DAY_MS / 2 - Math.floor((span * (i + 1)) / (count + 1)) - rnd.int(0, 3_600_000),
    );
    const size = i % 25 === 0 ? rnd.int(1000, 3000) : rnd.int(10, 200);
    const message = rnd.pick(MESSAGES);
    return {
      row: {
        idempotency_key: `seed-sms-history-${i + 1}`,
        created_by: rnd.chance(0.8) ? senders[0]! : senders[senders.length - 1]!,
        brokerage_id: null,
        message,
        criteria: JSON.stringify({ message, source: 'NUMBERS', brokerageId: null }),
        status: 'DONE' as const,
        total: size,
        created_at: created,
        finished_at: new Date(created.getTime() + 1000 * Math.ceil(size / 100) + rnd.int(0, 5000)),
      },
      size,
      message,
    };
  });
  const jobIds = await insertMany(
    db,
    'sms_jobs',
    jobs.map((j) => j.row),
  );
  const recipients: {
    job_id: number;
    position: number;
    phone: string;
    opportunity_id: null;
    body: string | null;
    status: 'SENT' | 'SUPPRESSED';
    reason: SmsSuppression | null;
    sent_at: Date | null;
  }[] = [];
  const flush = async () => {
    await insertRows(db, 'sms_job_recipients', recipients.splice(0));
  };
  for (const [k, job] of jobs.entries()) {
    const suppressedShare = rnd.int(2, 15) / 100;
    for (let p = 1; p <= job.size; p++) {
      const phone = `+1${rnd.pick(AREAS)}${rnd.int(200, 999)}${String(rnd.int(0, 9999)).padStart(4, '0')}`;
      const reason = rnd.chance(suppressedShare) ? rnd.weighted(REASONS) : null;
      const name = rnd.pick(FIRST_NAMES);
      recipients.push({
        job_id: jobIds[k]!,
        position: p,
        phone: reason === 'INVALID' ? phone.slice(2, 9) : phone,
        opportunity_id: null,
        body: reason ? null : job.message.replace(/\{firstName\|[^}]*\}/, name),
        status: reason ? 'SUPPRESSED' : 'SENT',
        reason,
        sent_at: reason ? null : job.row.finished_at,
      });
    }
    if (recipients.length >= 5000) await flush();
  }
  await flush();
}
