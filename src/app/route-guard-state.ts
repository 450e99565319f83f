import type { RouteEntry } from '../access/route-table.ts';

// Whether the route the user came from skipped re-authentication (login does). Starts true:
// opening the console directly (a reload) does not refresh at once.
let previousSkipsReauth = true;

export const notePublicRoute = (route: RouteEntry) => { previousSkipsReauth = route.skipReauth ?? false; };

/** Rule 4 of the guard: whether this navigation refreshes silently; records the route for the next. */
export function takeReauthDecision(route: RouteEntry): boolean {
  const refresh = !previousSkipsReauth;
  previousSkipsReauth = route.skipReauth ?? false;
  return refresh;
}
