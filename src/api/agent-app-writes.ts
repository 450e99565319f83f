import * as v from 'valibot';

import { AgentReferralDetail, ReferralNote, StageChange, type AgentReferral } from '../contract/referrals.ts';
import { daysOverdue } from '../lib/overdue.ts';
import { allowedMoves, REFERRAL_TYPES, type ReferralType } from '../lib/referral-stages.ts';
import { request } from './client.ts';

// The agent app's writes. Each carries a client-made Idempotency-Key, so a write queued offline and
// replayed (after a reload, a lost answer, a second tab) applies once on the server. The variables
// are plain data: they are persisted with the paused mutation and in the unsynced ledger.

const base = {
  agentId: v.number(),
  referralId: v.number(),
  idempotencyKey: v.string(),
  /** The prospect's name when the change was made, to list it on the unsynced screen. */
  referralName: v.string(),
  queuedAt: v.string(),
};
export const StageWrite = v.object({
  ...base,
  kind: v.literal('stage'),
  referralType: v.picklist(REFERRAL_TYPES),
  change: StageChange,
});
export type StageWrite = v.InferOutput<typeof StageWrite>;
export const NoteWrite = v.object({ ...base, kind: v.literal('note'), text: v.string() });
export type NoteWrite = v.InferOutput<typeof NoteWrite>;
export const AgentWrite = v.variant('kind', [StageWrite, NoteWrite]);
export type AgentWrite = v.InferOutput<typeof AgentWrite>;

/** The write, when `value` (a persisted mutation's variables) is one. */
export const asAgentWrite = (value: unknown): AgentWrite | null => {
  const parsed = v.safeParse(AgentWrite, value);
  return parsed.success ? parsed.output : null;
};

/** A random UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

interface Target {
  agentId: number;
  referralId: number;
  referralName: string;
}

export const stageWrite = (t: Target, referralType: ReferralType, change: StageChange): StageWrite => ({
  ...t,
  kind: 'stage',
  referralType,
  change,
  idempotencyKey: newIdempotencyKey(),
  queuedAt: new Date().toISOString(),
});

export const noteWrite = (t: Target, text: string): NoteWrite => ({
  ...t,
  kind: 'note',
  text,
  idempotencyKey: newIdempotencyKey(),
  queuedAt: new Date().toISOString(),
});

const path = (w: AgentWrite) => `/agents-api/agents/${w.agentId}/referrals/${w.referralId}`;
const keyHeader = (w: AgentWrite) => ({ 'Idempotency-Key': w.idempotencyKey });

export const sendStageChange = (w: StageWrite) =>
  request(path(w), { method: 'PATCH', json: w.change, headers: keyHeader(w), schema: AgentReferralDetail });

export const sendNote = (w: NoteWrite) =>
  // The time it was typed goes with it: a note written offline is dated then, not when it synced.
  request(`${path(w)}/notes`, {
    method: 'POST',
    json: { text: w.text, writtenAt: w.queuedAt },
    headers: keyHeader(w),
    schema: ReferralNote,
  });

/**
 * A referral as it will be once `change` applies: the stage, a fresh last update (a stage move is a
 * follow-up), the date of sale, and the overdue rule recomputed. Used for the optimistic update and
 * to show a queued change over data fetched before it was sent.
 */
export function withStage<R extends AgentReferral>(ref: R, change: StageChange, at: Date): R {
  const dateOfSale = change.dateOfSale ?? ref.details.referralSale.dateOfSale;
  const next = { ...ref, stage: change.stage, updated: at.toISOString(), details: { referralSale: { dateOfSale } } };
  const days = daysOverdue({ stage: change.stage, updated: at, dateOfSale }, at);
  return { ...next, daysOverdue: days, overdue: days > 0 };
}

/** The detail view of a referral after `change`: also its removal reason and its next moves. */
export function detailWithStage(ref: AgentReferralDetail, change: StageChange, at: Date): AgentReferralDetail {
  return {
    ...withStage(ref, change, at),
    removalReason: change.removalReason ?? null,
    allowedMoves: allowedMoves(ref.type, change.stage),
  };
}

/** A note is a follow-up too: the referral's last update moves and it is no longer overdue (as on the server). */
export function withFollowUp<R extends AgentReferral>(ref: R, at: Date): R {
  const days = daysOverdue({ stage: ref.stage, updated: at, dateOfSale: ref.details.referralSale.dateOfSale }, at);
  return { ...ref, updated: at.toISOString(), daysOverdue: days, overdue: days > 0 };
}
