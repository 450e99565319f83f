import * as v from 'valibot';

import { parseIsoTime } from '../lib/iso-time.ts';
import { isoTime } from './common.ts';

// Announcements addressed to a brokerage (spec 1 section 7: GET /users-api/announcements and
// POST /users-api/announcements/status), with the reader's own read state.

export const ANNOUNCEMENT_PRIORITIES = ['NORMAL', 'HIGH'] as const;

export const Announcement = v.object({
  id: v.number(),
  title: v.string(),
  body: v.string(),
  priority: v.picklist(ANNOUNCEMENT_PRIORITIES),
  publishAt: v.string(),
  expiresAt: v.nullable(v.string()),
  /** When the signed-in user opened it; null while unread. */
  readAt: v.nullable(v.string()),
});
export type Announcement = v.InferOutput<typeof Announcement>;

/** A page of announcements plus the reader's unread count over all of them (the drawer's badge). */
export const AnnouncementPage = v.object({
  content: v.array(Announcement),
  totalElements: v.number(),
  unreadCount: v.number(),
});
export type AnnouncementPage = v.InferOutput<typeof AnnouncementPage>;

const PositiveId = v.pipe(
  v.number('must be a number'),
  v.integer('must be a whole number'),
  v.minValue(1, 'must be positive'),
  v.maxValue(2_147_483_647, 'is too large'),
);

/** POST /users-api/announcements/status: read (the default) or unread again, for the signed-in user. */
export const AnnouncementStatusBody = v.strictObject(
  {
    announcementId: PositiveId,
    read: v.optional(v.boolean('must be true or false'), true),
  },
  'unknown field',
);

export const AnnouncementStatus = v.object({
  announcementId: v.number(),
  readAt: v.nullable(v.string()),
  unreadCount: v.number(),
});
export type AnnouncementStatus = v.InferOutput<typeof AnnouncementStatus>;

// The Announcements editor: the same rows My Announcements reads, written by staff
// (to brokerages, loan offices or agents) and by a broker admin (to their own agents only).

export const ANNOUNCEMENT_AUDIENCES = [
  'ALL_BROKERAGES',
  'BROKERAGE',
  'PRODUCT_FAMILY',
  'LOAN_OFFICES',
  'AGENTS',
] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const ANNOUNCEMENT_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATUSES)[number];
export const ANNOUNCEMENT_PRODUCT_FAMILIES = ['COMBINED', 'PORCHLIGHT', 'LEAD_GENIUS'] as const;

/** One row of GET /users-api/announcements/managed: the announcement with its audience and read count. */
export const ManagedAnnouncement = v.object({
  id: v.number(),
  title: v.string(),
  body: v.string(),
  priority: v.picklist(ANNOUNCEMENT_PRIORITIES),
  audience: v.picklist(ANNOUNCEMENT_AUDIENCES),
  /** The chosen brokerages (BROKERAGE), or whose agents (AGENTS; empty: every agent). */
  brokerages: v.array(v.object({ id: v.number(), name: v.string() })),
  productFamily: v.nullable(v.string()),
  status: v.picklist(ANNOUNCEMENT_STATUSES),
  publishAt: v.string(),
  expiresAt: v.nullable(v.string()),
  /** Users who opened it, and the active users it is addressed to. */
  readCount: v.number(),
  audienceSize: v.number(),
  /** A broker admin's own (their brokerage), or null for staff's. */
  ownerBrokerageId: v.nullable(v.number()),
  createdBy: v.nullable(v.string()),
  updated: v.string(),
  /** Whether the caller may edit it. */
  editable: v.boolean(),
});
export type ManagedAnnouncement = v.InferOutput<typeof ManagedAnnouncement>;
export const ManagedAnnouncementPage = v.object({ content: v.array(ManagedAnnouncement), totalElements: v.number() });
export type ManagedAnnouncementPage = v.InferOutput<typeof ManagedAnnouncementPage>;

const Title = v.pipe(
  v.string('Title is required'),
  v.trim(),
  v.minLength(1, 'Title is required'),
  v.maxLength(120, 'Title must be at most 120 characters'),
);
const Body = v.pipe(
  v.string('Message is required'),
  v.trim(),
  v.minLength(1, 'Message is required'),
  v.maxLength(5000, 'Message must be at most 5000 characters'),
);
// A real date and time (common.ts's one reader: years up to 2200), not before 2000.
const Time = v.pipe(
  isoTime('must be an ISO date and time'),
  v.check((s) => (parseIsoTime(s)?.getUTCFullYear() ?? 0) >= 2000, 'must be between the years 2000 and 2200'),
);

/** POST /users-api/announcements (create) and PATCH /users-api/announcements/{id} (every field optional there). */
export const AnnouncementFields = {
  title: Title,
  body: Body,
  priority: v.optional(v.picklist(ANNOUNCEMENT_PRIORITIES, 'priority must be NORMAL or HIGH')),
  audience: v.picklist(ANNOUNCEMENT_AUDIENCES, 'Choose an audience'),
  brokerageIds: v.optional(v.pipe(v.array(PositiveId), v.maxLength(200, 'at most 200 brokerages'))),
  productFamily: v.optional(v.nullable(v.picklist(ANNOUNCEMENT_PRODUCT_FAMILIES, 'Choose a product family'))),
  status: v.optional(v.picklist(ANNOUNCEMENT_STATUSES, 'status must be DRAFT, PUBLISHED or ARCHIVED')),
  publishAt: v.optional(Time),
  expiresAt: v.optional(v.nullable(Time)),
};
export const AnnouncementCreateBody = v.strictObject(AnnouncementFields, 'unknown field');
export type AnnouncementCreateBody = v.InferInput<typeof AnnouncementCreateBody>;
export const AnnouncementPatchBody = v.strictObject(
  {
    ...AnnouncementFields,
    title: v.optional(Title),
    body: v.optional(Body),
    audience: v.optional(AnnouncementFields.audience),
  },
  'unknown field',
);
export type AnnouncementPatchBody = v.InferInput<typeof AnnouncementPatchBody>;
