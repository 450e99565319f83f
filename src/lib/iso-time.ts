// The one reader of ISO 8601 dates and times taken from input (the API's bodies and queries, through
// src/contract/common.ts). valibot's isoTimestamp checks only the shape, so 2024-02-31 rolled over
// to 2 March and year 0000 reached PostgreSQL (a 5xx). Here a date the calendar lacks is refused.

/** The years accepted: both PostgreSQL's timestamptz and every browser's Date hold them exactly. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;

// The ECMAScript date-time format (what Date.prototype.toISOString writes and `new Date` reads the
// same everywhere): a T between date and time, seconds, an optional fraction, Z or an offset +hh:mm.
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:(Z)|([+-])(\d{2}):(\d{2}))$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;

/** Midnight UTC of a calendar day, or null when the calendar (within MIN_YEAR..MAX_YEAR) has no such day. */
function utcDay(y: number, m: number, d: number): number | null {
  if (y < MIN_YEAR || y > MAX_YEAR || m < 1 || m > 12 || d < 1 || d > daysIn(y, m)) return null;
  return Date.UTC(y, m - 1, d);
}

/**
 * The instant an ISO date and time names (2024-02-29T13:05:00.250+02:00), or null when it is not
 * one: another shape, a day the month lacks, hour 24, minute or second 60, an offset beyond 23:59,
 * or a year outside MIN_YEAR..MAX_YEAR.
 */
export function parseIsoTime(text: string): Date | null {
  const m = TIMESTAMP.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, fraction, zulu, sign, oh, om] = m;
  const day = utcDay(Number(y), Number(mo), Number(d));
  if (day === null || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  if (!zulu && (Number(oh) > 23 || Number(om) > 59)) return null;
  const offsetMs = zulu ? 0 : (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000;
  const ms = Number((fraction ?? '').padEnd(3, '0').slice(0, 3));
  return new Date(day + ((Number(h) * 60 + Number(mi)) * 60 + Number(s)) * 1000 + ms - offsetMs);
}

/** Midnight UTC of an ISO calendar day (2024-02-29), or null when the calendar has no such day. */
export function parseIsoDate(text: string): Date | null {
  const m = DAY.exec(text);
  if (!m) return null;
  const day = utcDay(Number(m[1]), Number(m[2]), Number(m[3]));
  return day === null ? null : new Date(day);
}

/** Midnight UTC of the first day of an ISO month (2024-02), or null when it is not one. */
export function parseIsoMonth(text: string): Date | null {
  const m = MONTH.exec(text);
  return m ? parseIsoDate(`${m[1]}-${m[2]}-01`) : null;
}
