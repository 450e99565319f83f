// What every outbox relay of this process did since it started, by channel: messages sent, tries that
// failed and will be retried, messages given up (dead). A module of its own with no imports, so the
// metrics (server/observability/metrics.ts) read it without pulling the SMTP and Twilio senders in.

export const RELAY_CHANNELS = ['EMAIL', 'SMS'] as const;
export type RelayChannel = (typeof RELAY_CHANNELS)[number];
export const RELAY_OUTCOMES = ['sent', 'retried', 'dead'] as const;
export type RelayOutcome = (typeof RELAY_OUTCOMES)[number];

/** Counts of what a relay did, for metrics (read by whoever exposes them). */
export interface RelayCounts {
  sent: number;
  retried: number;
  dead: number;
}

const totals: Record<RelayChannel, RelayCounts> = {
  EMAIL: { sent: 0, retried: 0, dead: 0 },
  SMS: { sent: 0, retried: 0, dead: 0 },
};

/** Counts one outcome of a relay's try. */
export function countRelayOutcome(channel: RelayChannel, outcome: RelayOutcome): void {
  totals[channel][outcome] += 1;
}

/** The process's totals, every channel together. */
export const messageRelayTotals = (): Readonly<RelayCounts> => ({
  sent: totals.EMAIL.sent + totals.SMS.sent,
  retried: totals.EMAIL.retried + totals.SMS.retried,
  dead: totals.EMAIL.dead + totals.SMS.dead,
});

/** The process's totals of one channel. */
export const messageRelayTotalsOf = (channel: RelayChannel): Readonly<RelayCounts> => ({ ...totals[channel] });
