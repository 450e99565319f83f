import * as v from 'valibot';

import { US_STATES_AND_TERRITORIES } from '../lib/us-states.ts';
import { isValidPhone, phoneForPost } from '../lib/validation.ts';
import { Count, Dollars, EmailAddress, IsoTime, paged } from './common.ts';
import { PHONE_TEXT_MAX, ZIP_LENGTH, ZIP_MESSAGE, ZIP_PATTERN } from './limits.ts';
import { personNamePart } from './person-name.ts';

// The /agents-api agents calls (spec 2 section 7 "Agents"): agents, the leaderboard, boost, app versions,
// notes, admin holds, coverage and the contact-sales email. Referrals are in ./referrals.ts,
// notifications in ./notifications.ts.

const id = v.number();
const text = v.nullable(v.string());
const time = v.string();

export const AGENT_STATUSES = [
  'UNSIGNED',
  'INVITED',
  'ACTIVE',
  'PAUSED',
  'DEACTIVATED',
  'ADMIN_HOLD',
  'IN_TRAINING',
  'DELETED',
] as const;

/**
 * The lifecycle steps on an agent and the statuses each starts from (the server refuses any other with
 * 409): Pause from ACTIVE; Deactivate from a working status; Delete from anything but DELETED;
 * Reactivate (Resume, for a paused agent) from PAUSED, DEACTIVATED or DELETED.
 * PATCH /agents-api/agents/{id}/pause | /deactivate | /reactivate, DELETE /agents-api/agents/{id}.
 */
export const AGENT_LIFECYCLE_FROM = {
  pause: ['ACTIVE'],
  deactivate: ['ACTIVE', 'PAUSED', 'IN_TRAINING', 'ADMIN_HOLD'],
  delete: ['UNSIGNED', 'INVITED', 'ACTIVE', 'PAUSED', 'DEACTIVATED', 'ADMIN_HOLD', 'IN_TRAINING'],
  reactivate: ['PAUSED', 'DEACTIVATED', 'DELETED'],
} as const satisfies Record<string, readonly (typeof AGENT_STATUSES)[number][]>;
export type AgentLifecycleStep = keyof typeof AGENT_LIFECYCLE_FROM;
export const agentCan = (step: AgentLifecycleStep, status: string): boolean =>
  (AGENT_LIFECYCLE_FROM[step] as readonly string[]).includes(status);
/** Statuses of an agent who has not joined yet: no score or closings of their own to show. */
export const NOT_JOINED_STATUSES: readonly string[] = ['UNSIGNED', 'INVITED'];

/**
 * An agent as GET /agents-api/agents/{id} and the paged GET /agents-api/agents answer it. The list takes
 * brokerageId (staff may omit it for every brokerage), pageIndex, pageSize, sort = name.last (default),
 * name.first, funnelStatus.overdueForFollowupCount, funnelStatus.maxDaysOverdue, agentDisplayScore,
 * status or created with ,ASC|,DESC; name (part of the first, last or full name, any case) and
 * status (comma list; without it every agent but the DELETED ones).
 */
export const Agent = v.object({
  id: Count,
  brokerageId: Count,
  name: v.object({ first: v.nullable(v.string()), last: v.nullable(v.string()), display: v.nullable(v.string()) }),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  status: v.string(),
  agentDisplayScore: v.nullable(v.number()),
  agentDesktopLastAccessed: v.nullable(IsoTime),
  created: IsoTime,
  funnelStatus: v.object({
    stages: v.object({
      /** Overdue referrals now. */
      overdueForFollowup: v.object({ count: Count }),
      /** Days the most overdue referral is overdue; 0 when none. */
      maxDaysOverdue: v.object({ count: Count }),
    }),
  }),
});
export type Agent = v.InferOutput<typeof Agent>;
export const AgentPage = paged(Agent);

/**
 * GET /agents-api/agents/leaderboard?brokerageId&pageIndex&pageSize&sort=key,DESC (paged).
 * Working agents only (not DELETED, DEACTIVATED, UNSIGNED or INVITED). closings and revenue cover
 * sales dated in the last 12 months; response times average first response minus receipt over the
 * referrals received in the last 7 / 30 days, null when there were none.
 */
export const LeaderboardRow = v.object({
  agentId: Count,
  name: v.nullable(v.string()),
  /** A fraction 0-1. */
  agentDisplayScore: v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  closings: Count,
  revenue: Dollars,
  last7ResponseTime: v.nullable(Count),
  last30ResponseTime: v.nullable(Count),
});
export const LeaderboardPage = paged(LeaderboardRow);
export type LeaderboardRow = v.InferOutput<typeof LeaderboardRow>;

export const BoostStatus = v.object({ enabled: v.boolean(), boostPercentage: v.number() });
export type BoostStatus = v.InferOutput<typeof BoostStatus>;

export const AppVersions = v.array(v.object({ env: v.string(), deviceType: v.string(), version: v.string() }));
export type AppVersions = v.InferOutput<typeof AppVersions>;

const noteEntries = { id, body: v.string(), author: v.object({ id: v.nullable(id), name: text }), created: time };
/** A staff note on an agent, a brokerage (./brokerages.ts) or an opportunity (./interviews.ts). */
export const notesOf = <E extends v.ObjectEntries>(owner: E) => v.object({ ...noteEntries, ...owner });
export const AgentNote = notesOf({ agentId: id });
export type AgentNote = v.InferOutput<typeof AgentNote>;

export const AdminHoldReason = v.object({ id, name: v.string(), active: v.boolean() });
export type AdminHoldReason = v.InferOutput<typeof AdminHoldReason>;
export const AgentAdminHolds = v.object({
  agentId: id,
  status: v.string(),
  holds: v.array(v.object({ reasonId: id, name: v.string(), createdBy: v.nullable(id), created: time })),
});
export type AgentAdminHolds = v.InferOutput<typeof AgentAdminHolds>;
/** POST /agents-api/agents/{id}/adminHoldReason: one of the active reasons (the agent goes on hold). */
export const AdminHoldBody = v.object({
  reasonId: v.pipe(v.number('Choose a reason'), v.integer('Choose a reason'), v.minValue(1, 'Choose a reason')),
});
export type AdminHoldBody = v.InferInput<typeof AdminHoldBody>;
export const CoverageArea = v.object({ id, agentId: id, zip: text, city: text, state: text, created: time });
export type CoverageArea = v.InferOutput<typeof CoverageArea>;

/** A ZIP of an agent's coverage or excluded areas: exactly 5 digits (spec 1 section 5). */
export const AreaZip = v.pipe(
  v.string(ZIP_MESSAGE),
  v.trim(),
  v.nonEmpty('ZIP is required'),
  v.maxLength(ZIP_LENGTH, ZIP_MESSAGE),
  v.regex(ZIP_PATTERN, ZIP_MESSAGE),
);
const STATE_CODES = new Set(US_STATES_AND_TERRITORIES.map((s) => s.code));
/** POST /agents-api/agents/{id}/coverageAreas: a ZIP, or a city with its state. */
export const NewCoverageArea = v.pipe(
  v.strictObject(
    {
      zip: v.optional(AreaZip),
      city: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('City is required'), v.maxLength(120))),
      state: v.optional(
        v.pipe(
          v.string(),
          v.trim(),
          v.toUpperCase(),
          v.check((s) => STATE_CODES.has(s), 'state must be a US state or territory code'),
        ),
      ),
    },
    'unknown field',
  ),
  v.check(
    (a) => (a.zip !== undefined) !== (a.city !== undefined || a.state !== undefined),
    'Give either a zip, or a city and a state',
  ),
  v.check(
    (a) => a.zip !== undefined || (a.city !== undefined && a.state !== undefined),
    'A city needs a state, and a state a city',
  ),
);
export type NewCoverageArea = v.InferInput<typeof NewCoverageArea>;

// ---------------------------------------------------------------- contact-sales inquiry

/** POST /agents-api/email: allowed only to a brokerage admin who is not impersonating. */
export const EmailInquiry = v.strictObject(
  {
    bccAddresses: v.optional(v.pipe(v.array(EmailAddress), v.maxLength(10)), []),
    toAddresses: v.pipe(v.array(EmailAddress), v.minLength(1, 'needs at least one address'), v.maxLength(10)),
    fromAddress: EmailAddress,
    messageBody: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(10_000)),
    subject: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(255)),
  },
  'unknown field',
);
export type EmailInquiry = v.InferOutput<typeof EmailInquiry>;
/** 201 answer: how many messages went to the outbox (one per to and bcc address). */
export const EmailSent = v.object({ queued: Count });
export type EmailSent = v.InferOutput<typeof EmailSent>;

// ---------------------------------------------------------------- lifecycle, exclusions, MLS boards

const personPart = personNamePart;

/**
 * POST /agents-api/agents/enrollment: enrols a new agent into a brokerage (staff: any brokerage; a
 * brokerage admin: their own). Creates the agent (ACTIVE) and their sign-in (the phone, role AGENT,
 * one-time codes); 201 with the Agent. A phone or email that already has an agent or an account is 409.
 */
export const AgentEnrollment = v.strictObject(
  {
    brokerageId: v.pipe(
      v.number('brokerageId is required'),
      v.integer('brokerageId must be a whole number'),
      v.minValue(1, 'brokerageId must be positive'),
    ),
    firstName: personPart('First name'),
    lastName: personPart('Last name'),
    email: EmailAddress,
    phone: v.pipe(
      v.string('Phone is required'),
      v.trim(),
      v.nonEmpty('Phone is required'),
      v.maxLength(PHONE_TEXT_MAX, 'Phone must have 10 digits'),
      v.check(isValidPhone, 'Phone must have 10 digits'),
      v.transform(phoneForPost),
    ),
  },
  'unknown field',
);
export type AgentEnrollment = v.InferOutput<typeof AgentEnrollment>;

/** An excluded ZIP: the agent never receives referrals there, even inside a covered city. */
export const ExcludedArea = v.object({ id, agentId: id, zip: v.string(), created: time });
export type ExcludedArea = v.InferOutput<typeof ExcludedArea>;

/** GET /agents-api/mls-board?state&agentId: the MLS boards (of a state); with agentId, `selected` says the agent's. */
export const MlsBoard = v.object({ id, code: v.string(), name: v.string(), state: v.string(), selected: v.boolean() });
export type MlsBoard = v.InferOutput<typeof MlsBoard>;
export const MlsBoards = v.array(MlsBoard);
export type MlsBoards = v.InferOutput<typeof MlsBoards>;
/** PUT /agents-api/agents/{id}/mls-boards: the boards the agent belongs to (replaces the set). */
export const MlsBoardSelection = v.strictObject(
  {
    boardIds: v.pipe(
      v.array(v.pipe(v.number(), v.integer(), v.minValue(1)), 'boardIds must be a list of board ids'),
      v.maxLength(20, 'at most 20 boards'),
    ),
  },
  'unknown field',
);
export type MlsBoardSelection = v.InferOutput<typeof MlsBoardSelection>;
