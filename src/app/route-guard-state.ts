import type { RouteEntry } from '../access/route-table.ts';

// Whether the route the user came from skipped re-authentication (login does). Starts false:
// the first console page after a reload or a deep link refreshes silently (spec 1 section 4,
// step 4); only a navigation from login may skip it.
let previousSkipsReauth = false;

export const notePublicRoute = (route: RouteEntry) => {
  previousSkipsReauth = route.skipReauth ?? false;
};

/** Rule 4 of the guard: whether this navigation refreshes silently; records the route for the next. */
export function takeReauthDecision(route: RouteEntry): boolean {
  const refresh = !previousSkipsReauth;
  previousSkipsReauth = route.skipReauth ?? false;
  return refresh;
}
