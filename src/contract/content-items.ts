import * as v from 'valibot';

import { IsoTime, paged } from './common.ts';

// Content items: /interviews-api/content-items with usageTypes, usages, audiences
// (page size 200), best-match, all-match, history and PATCH. Matching: src/lib/content-match.ts.

export const USAGE_TYPES = ['SMS_TEMPLATE', 'EMAIL_TEMPLATE', 'CALL_SCRIPT'] as const;
export const UsageTypeName = v.picklist(USAGE_TYPES);
export const UsageType = v.object({ name: UsageTypeName, usageCount: v.number(), itemCount: v.number() });
export type UsageType = v.InferOutput<typeof UsageType>;
export const UsageTypeList = v.array(UsageType);

export const ContentUsage = v.object({
  id: v.number(),
  name: v.string(),
  usageType: UsageTypeName,
  description: v.string(),
});
export type ContentUsage = v.InferOutput<typeof ContentUsage>;
export const ContentUsagePage = paged(ContentUsage);
export type ContentUsagePage = v.InferOutput<typeof ContentUsagePage>;

const Attr = v.nullable(v.string());
export const ContentAudience = v.object({
  id: v.number(),
  name: v.string(),
  product: Attr,
  leadType: Attr,
  clientType: Attr,
  state: Attr,
});
export type ContentAudience = v.InferOutput<typeof ContentAudience>;
export const ContentAudiencePage = paged(ContentAudience);
export type ContentAudiencePage = v.InferOutput<typeof ContentAudiencePage>;

export const ContentItem = v.object({
  id: v.number(),
  name: v.string(),
  usage: ContentUsage,
  audience: v.nullable(ContentAudience),
  priority: v.number(),
  active: v.boolean(),
  subject: v.nullable(v.string()),
  body: v.string(),
  version: v.number(),
  updated: IsoTime,
});
export type ContentItem = v.InferOutput<typeof ContentItem>;
export const ContentItemPage = paged(ContentItem);
export type ContentItemPage = v.InferOutput<typeof ContentItemPage>;

export const ContentVersion = v.object({
  version: v.number(),
  name: v.string(),
  audience: v.nullable(ContentAudience),
  priority: v.number(),
  active: v.boolean(),
  subject: v.nullable(v.string()),
  body: v.string(),
  note: v.nullable(v.string()),
  restoredFrom: v.nullable(v.number()),
  author: v.nullable(v.string()),
  created: IsoTime,
});
export type ContentVersion = v.InferOutput<typeof ContentVersion>;
export const ContentVersionPage = paged(ContentVersion);
export type ContentVersionPage = v.InferOutput<typeof ContentVersionPage>;

const MatchAttribute = v.picklist(['product', 'leadType', 'clientType', 'state']);
export const ContentMatch = v.object({
  itemId: v.number(),
  name: v.string(),
  version: v.number(),
  rank: v.number(),
  best: v.boolean(),
  rule: v.string(),
  matchedOn: v.array(MatchAttribute),
  specificity: v.number(),
  priority: v.number(),
  reason: v.string(),
});
export type ContentMatch = v.InferOutput<typeof ContentMatch>;
export const ContentMatchResult = v.object({
  best: v.nullable(ContentMatch),
  matches: v.array(ContentMatch),
  why: v.string(),
});
export type ContentMatchResult = v.InferOutput<typeof ContentMatchResult>;

export const CONTENT_BODY_MAX = 10_000;
const PRIORITY_MESSAGE = 'Priority must be a whole number from 0 to 1000';
/** PATCH: every field optional; a new version is saved with the item's values merged. */
export const ContentItemPatch = v.object({
  name: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('A name is required'),
      v.maxLength(120, 'A name must be at most 120 characters'),
    ),
  ),
  subject: v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200, 'A subject must be at most 200 characters'))),
  ),
  body: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => s.trim() !== '', 'A body is required'),
      v.maxLength(CONTENT_BODY_MAX, `A body must be at most ${CONTENT_BODY_MAX} characters`),
    ),
  ),
  audienceId: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
  priority: v.optional(
    v.pipe(
      v.number(PRIORITY_MESSAGE),
      v.integer(PRIORITY_MESSAGE),
      v.minValue(0, PRIORITY_MESSAGE),
      v.maxValue(1000, PRIORITY_MESSAGE),
    ),
  ),
  active: v.optional(v.boolean()),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'A note must be at most 500 characters'))),
  /** restore: copy this version's fields into a new version (other fields are then ignored) */
  restoreVersion: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type ContentItemPatch = v.InferOutput<typeof ContentItemPatch>;
