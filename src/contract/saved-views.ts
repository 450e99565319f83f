import * as v from 'valibot';

// Saved views: a named filter and sort of a list, kept on the server for the signed-in
// person, so they follow them to every device and survive logout. GET/POST /users-api/saved-views,
// DELETE /users-api/saved-views/:id.

export const SAVED_VIEW_LISTS = ['my-agents', 'my-referrals', 'my-leads'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];
/** How many views one person keeps per list. */
export const MAX_SAVED_VIEWS = 50;

export const SavedView = v.object({
  id: v.number(),
  list: v.picklist(SAVED_VIEW_LISTS),
  name: v.string(),
  query: v.string(),
  created: v.string(),
});
export type SavedView = v.InferOutput<typeof SavedView>;
export const SavedViewList = v.array(SavedView);

export const NewSavedView = v.object({
  list: v.picklist(SAVED_VIEW_LISTS, 'list must be my-agents, my-referrals or my-leads'),
  name: v.pipe(
    v.string('A name is required'),
    v.trim(),
    v.nonEmpty('A name is required'),
    v.maxLength(60, 'A name must be at most 60 characters'),
  ),
  /** The list's query string without "?" (filters and sort), e.g. "category=active&sort=updated%2CDESC" (the older "sort=updated&order=desc" still reads). */
  query: v.pipe(
    v.string('query is required'),
    v.maxLength(1000, 'at most 1000 characters'),
    v.regex(/^[^?#\s]*$/, 'must be a query string without ? or #'),
  ),
});
export type NewSavedView = v.InferInput<typeof NewSavedView>;
