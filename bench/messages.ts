// The outbox relay under a bulk send (decision 0086): 10,000 bulk texts queued at once go through
// the relay to a stand-in of Twilio's Messages API (an HTTP server in this process that checks Basic
// auth and the form, as in the tests) at an unlimited rate (SMS_RATE_PER_SECOND=unlimited); while
// they go out, one-time codes are queued one at a time. Prints the throughput and each code's delay
// from its write to its arrival; budget: every code within 2 s. PGlite in memory, as one demo process.
import { sendSms, sendSmsMany } from '../server/auth/outbox.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { MessageRelay } from '../server/messages/relay.ts';
import { deliveryConfig, TwilioStandIn } from '../tests/setup/message-stand-ins.ts';

const BULK = Number(process.env.BENCH_BULK_TEXTS ?? 10_000);
const CODES = 5;
const CODE_BUDGET_MS = 2000;

const twilio = await new TwilioStandIn().start();
const { db, close } = await openDatabase({});
await migrate(db);
const config = { ...loadConfig({ DEMO_MODE: 'true' }), ...deliveryConfig(undefined, twilio, Infinity) };

const now = new Date();
for (let i = 0; i < BULK; i += 1000) {
  await sendSmsMany(
    db,
    Array.from({ length: Math.min(1000, BULK - i) }, (_, j) => ({
      to: `+1555${String(3000000 + i + j).padStart(7, '0')}`,
      body: `Open house this Saturday (${i + j})`,
    })),
    now,
  );
}
const bulkSent = () => twilio.texts.length - codeArrivals.size;
const codeArrivals = new Map<string, number>();
const relay = new MessageRelay(db, config, { pollMs: 100 }).start();
const started = performance.now();

const delays: number[] = [];
for (let c = 0; c < CODES; c += 1) {
  // Spread over the send: a code each time another fifth of the bulk texts has gone.
  const mark = Math.floor((BULK * (c + 0.5)) / CODES);
  while (bulkSent() < mark) await new Promise((r) => setTimeout(r, 5));
  const phone = `+1555010${String(9000 + c)}`;
  const written = performance.now();
  await sendSms(db, phone, `Your Porchlight sign-in code is ${100000 + c}. It expires in 5 minutes.`, new Date(), {
    kind: 'code',
  });
  while (!twilio.texts.some((t) => t.To === phone)) await new Promise((r) => setTimeout(r, 2));
  codeArrivals.set(phone, performance.now());
  delays.push(performance.now() - written);
  console.log(
    `code ${c + 1} queued after ${mark} bulk texts: arrived in ${Math.round(performance.now() - written)} ms`,
  );
}
while (bulkSent() < BULK) await new Promise((r) => setTimeout(r, 20));
const seconds = (performance.now() - started) / 1000;
await relay.stop();
const dup = twilio.texts.length - new Set(twilio.texts.map((t) => t.To)).size;
console.log(
  `${BULK} bulk texts in ${seconds.toFixed(1)} s: ${Math.round(BULK / seconds)} texts/s through the relay (PGlite, one process)`,
);
console.log(
  `one-time codes: max ${Math.round(Math.max(...delays))} ms from write to arrival (budget ${CODE_BUDGET_MS} ms); duplicates: ${dup}`,
);
await close();
await twilio.stop();
if (Math.max(...delays) > CODE_BUDGET_MS || dup > 0) {
  console.error('messages: budget blown');
  process.exit(1);
}
