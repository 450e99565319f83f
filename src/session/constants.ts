// Session constants (spec 1 sections 4 and 9; docs/spec/DECISIONS.md settles the activity window).
export const SESSION_CHECK_INTERVAL_MS = 10_000; // the session clock ticks every 10 s
export const REFRESH_THRESHOLD_MS = 30_000; // refresh when under 30 s remain
export const ACTIVITY_WINDOW_MS = 27 * 60_000; // 27 minutes (the 270000 ms reading is rejected)
export const STILL_THERE_COUNTDOWN_S = 30;
export const ASSUMED_SESSION_LIFETIME_MS = 285_000; // sign-in and each refresh assume 285 s
export const PASSWORD_SET_REDIRECT_MS = 2000;
export const RECENTLY_VIEWED_LIMIT = 10;
