import { Counter } from 'prom-client';

// What every outbox relay of this process did since it started, by channel: messages sent, tries that
// failed and will be retried, messages given up (dead). One prom-client counter per process, which
// every app's metrics registry shows (server/observability/metrics.ts); kept apart from the relay so
// the metrics do not pull the SMTP and Twilio senders in.

export const RELAY_CHANNELS = ['EMAIL', 'SMS'] as const;
export type RelayChannel = (typeof RELAY_CHANNELS)[number];
export const RELAY_OUTCOMES = ['sent', 'retried', 'dead'] as const;
export type RelayOutcome = (typeof RELAY_OUTCOMES)[number];

/** Counts of what one relay did (its own `counts`, for its caller). */
export type RelayCounts = Record<RelayOutcome, number>;

export const messagesRelayed = new Counter({
  name: 'porchlight_messages_relayed_total',
  help: "What this process's outbox relay did, by channel and outcome: sent, retried (a try failed and will be retried), dead (given up)",
  labelNames: ['channel', 'outcome'],
  registers: [],
});
// Every series from the start, so a rate over a fresh process reads 0 rather than nothing.
for (const channel of RELAY_CHANNELS)
  for (const outcome of RELAY_OUTCOMES) messagesRelayed.inc({ channel, outcome }, 0);

/** Counts one outcome of a relay's try. */
export function countRelayOutcome(channel: RelayChannel, outcome: RelayOutcome): void {
  messagesRelayed.inc({ channel, outcome });
}
