import * as v from 'valibot';

// The live event stream (GET /events, decision 0081): the server records each change people should
// hear of as an event (server/events/outbox.ts) and sends it to the console as an SSE message named
// `change` whose data is a LiveChange. The console (src/app/live-events.ts) parses each message with
// the schema below and refreshes the cached answers the change's type names.

export const EVENT_TYPES = [
  'REFERRAL_ASSIGNED',
  'REFERRAL_REASSIGNED',
  'REFERRAL_ACCEPTED',
  'REFERRAL_STAGE_CHANGED',
  'REFERRAL_NOTE_ADDED',
  'AGENT_NOTIFICATION',
  'ANNOUNCEMENT_CHANGED',
  'LENDER_REFERRAL_CHANGED',
  // For the processes only (no audience): users' sessions or roles changed, their streams are checked again.
  'ACCESS_CHANGED',
  // A lead (an opportunity) changed by staff: its contact, type or status, a note, a logged interaction.
  'OPPORTUNITY_CHANGED',
] as const;
export const EventType = v.picklist(EVENT_TYPES);
export type EventType = v.InferOutput<typeof EventType>;

/** Ids and names the console needs to refresh the right screens; shown to the audience only, never a secret. */
export const EventPayload = v.record(v.string(), v.union([v.string(), v.number(), v.boolean(), v.null()]));
export type EventPayload = v.InferOutput<typeof EventPayload>;

/** One change as the stream sends it: its cursor (never the platform-wide id), its type, its payload, when. */
export const LiveChange = v.object({
  id: v.string(),
  type: EventType,
  payload: EventPayload,
  created: v.string(),
});
export type LiveChange = v.InferOutput<typeof LiveChange>;
