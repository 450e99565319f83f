import * as v from 'valibot';

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

const PositiveId = v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be positive'), v.maxValue(2_147_483_647, 'is too large'));

/** POST /users-api/announcements/status: read (the default) or unread again, for the signed-in user. */
export const AnnouncementStatusBody = v.strictObject({
  announcementId: PositiveId,
  read: v.optional(v.boolean('must be true or false'), true),
}, 'unknown field');

export const AnnouncementStatus = v.object({ announcementId: v.number(), readAt: v.nullable(v.string()), unreadCount: v.number() });
export type AnnouncementStatus = v.InferOutput<typeof AnnouncementStatus>;
