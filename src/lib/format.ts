import { isValid, lightFormat } from 'date-fns';

import { BRAND } from './brand.ts';
import { daysText } from './overdue.ts';

// Display formats of spec 2 section 9 and docs/spec/DECISIONS.md (browser time zone, 12-hour AM/PM, USD,
// compact response times): the one formatting module of the console, and of the server for names.

export { daysText };

/**
 * en-US digit grouping (1,234,567.891: at most 3 decimals, trailing zeros dropped), as
 * Intl.NumberFormat('en-US') writes it, without Intl: a page's first Intl formatter or
 * localeCompare costs Chromium 35 to 60 ms of ICU set-up on the main thread, paid by every cold
 * start of the overview. tests/unit/format.test.ts holds it equal to Intl's.
 */
/**
 * A non-negative number to three decimals rounded as Intl rounds it: half away from zero on the
 * number's shortest decimal form ("793.3135" -> "793.314"), where toFixed rounds the binary value
 * (793.31349999... -> "793.313").
 */
function threeDecimals(a: number): string {
  if (Number.isInteger(a) || String(a).includes('e')) return a.toFixed(3);
  const digits = String(Math.round(Number(`${a}e3`))).padStart(4, '0');
  return `${digits.slice(0, -3)}.${digits.slice(-3)}`;
}

export function groupDigits(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? '∞' : '-∞';
  const [int = '0', frac = ''] = threeDecimals(Math.abs(n)).split('.');
  const decimals = frac.replace(/0+$/, '');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = n < 0 && (grouped !== '0' || decimals !== '');
  return `${negative ? '-' : ''}${grouped}${decimals ? `.${decimals}` : ''}`;
}

/** Whole dollars, halves away from zero as Intl's currency format rounds them: -$1,235. */
function usd(dollars: number): string {
  const whole = Math.round(Math.abs(dollars));
  return `${dollars < 0 && whole !== 0 ? '-' : ''}$${groupDigits(whole)}`;
}

/** Whole US dollars: $1,234,568. Missing amounts read $0. */
export const formatUsd = (dollars: number | null | undefined): string => usd(Math.round(dollars ?? 0));

/** A count with thousands separators; missing counts read 0. */
export const formatCount = (n: number | null | undefined): string => groupDigits(n ?? 0);

const trim = (x: number) => String(Number(x.toFixed(2)));

/** Abbreviated prices: $950, $1.5K, $950K, $1.25M. */
export function formatPriceShort(dollars: number | null | undefined): string {
  const n = Math.round(dollars ?? 0);
  const sign = n < 0 ? '-' : '';
  const a = Math.abs(n);
  if (a >= 999_995) return `${sign}$${trim(a / 1_000_000)}M`;
  if (a >= 1_000) return `${sign}$${trim(a / 1_000)}K`;
  return `${sign}$${a}`;
}

/** A percentage of 100 with 2 decimals (the responded-leads pie uses 1): 12.35%. */
export function formatPercent(percent: number | null | undefined, decimals = 2): string {
  const n = percent ?? 0;
  return `${(Number.isFinite(n) ? n : 0).toFixed(decimals)}%`;
}

/** A chart axis's percent tick: only the decimals it has, grouped (0%, 12.5%, 1,200%). */
export const formatPercentTick = (percent: number): string => `${groupDigits(percent)}%`;

/** A fraction 0-1 as a percentage with 2 decimals (or `decimals`); null reads "-". */
export const formatFraction = (fraction: number | null | undefined, decimals = 2): string =>
  fraction === null || fraction === undefined ? '-' : formatPercent(fraction * 100, decimals);

/** `part` of `whole` as a percentage; an empty whole reads 0%. */
export const formatShare = (part: number, whole: number, decimals = 2): string =>
  formatPercent(whole > 0 ? (100 * part) / whole : 0, decimals);

/** Bytes as a person reads them: 812 KB, 3.4 MB. */
export function formatBytes(n: number): string {
  if (n < 1024 * 1024) return `${Math.max(1, Math.round(n / 1024))} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** A duration in hours: "12.5 hours" under two days, then "3.1 days"; null reads "-". */
export const formatHours = (hours: number | null | undefined): string =>
  hours === null || hours === undefined
    ? '-'
    : hours < 48
      ? `${hours.toFixed(1)} hours`
      : `${(hours / 24).toFixed(1)} days`;

/** An agent's score (agentDisplayScore, 0-1) on every screen, staff's and the broker's alike: "93.49%". */
export const formatScore = (score: number | null | undefined): string => formatFraction(score);

/** Whole dollars from cents ("$412,000"); "-" for nothing (the staff screens' money columns). */
export const formatCents = (cents: number | null | undefined): string =>
  cents === null || cents === undefined ? '-' : usd(cents / 100);

/** Cents from what a person typed as dollars ("250,000", "$250,000.50"); undefined when it is not an amount. */
export const parseDollarsToCents = (text: string): number | undefined => {
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return undefined;
  return Math.round(Number(clean) * 100);
};
/** Whole dollars ("$412,000"); "-" for nothing (unlike formatUsd, which reads a missing amount as $0). */
export const formatDollars = (dollars: number | null | undefined): string =>
  dollars === null || dollars === undefined ? '-' : usd(dollars);

/** Rates the server computed already: the percent sign is appended. */
export const rateText = (rate: number | null | undefined): string => `${rate ?? 0}%`;

/** The one guarded date reading: a missing or unreadable date is null, so no formatter ever throws. */
const toDate = (value: string | Date | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const d = typeof value === 'string' ? new Date(value) : value;
  return isValid(d) ? d : null;
};

// date-fns's lightFormat, not its format: format brings the en-US locale and every token's
// formatter (19 kB of script on every console page) for one word, the month's short name.
// tests/unit/format.test.ts holds these equal to format's output.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** MMM d, yyyy: Mar 4, 2025. */
const monthDayYear = (d: Date) => `${MONTHS[d.getMonth()]} ${lightFormat(d, 'd, yyyy')}`;

/** 12-hour time in the browser's zone: 3:05 PM. */
export const formatTime12 = (value: string | Date): string => {
  const d = toDate(value);
  return d ? lightFormat(d, 'h:mm a') : '-';
};

/** Date and 12-hour time: Mar 4, 2025 3:05 PM; "-" when missing. */
export const formatDateTime = (value: string | Date | null | undefined): string => {
  const d = toDate(value);
  return d ? `${monthDayYear(d)} ${lightFormat(d, 'h:mm a')}` : '-';
};

/** A date: Mar 4, 2025; "-" when missing. */
export const formatDate = (value: string | Date | null | undefined): string => {
  const d = toDate(value);
  return d ? monthDayYear(d) : '-';
};

/** A calendar day (YYYY-MM-DD) as a date, without a time-zone shift: Mar 4, 2025; "-" when unreadable. */
export const formatDay = (day: string | null | undefined): string => formatDate(day ? `${day}T12:00:00` : null);

/** Seconds as 45m, 2h 5m or 3d 4h (zero parts are left out: 2h, 3d); null reads "*". */
export function formatResponseTime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '*';
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${days}d ${hours}h` : `${days}d`;
  if (hours > 0) return mins > 0 ? `${hours}h ${mins}m` : `${hours}h`;
  return `${mins}m`;
}

export const NO_INVITATIONS = 'No invitations in the last 30 days.';

/** The leaderboard's "last7 / last30" cell; without any in the last 30 days, the spec's text. */
export function responseTimes(last7: number | null, last30: number | null): string {
  if (last7 === null && last30 === null) return NO_INVITATIONS;
  return `${formatResponseTime(last7)} / ${formatResponseTime(last30)}`;
}

/** Words title-casing keeps as they are written: SMS, not Sms; iBuyer, not Ibuyer. */
const WORD_FORMS: Record<string, string> = {
  sms: 'SMS',
  dnc: 'DNC',
  qa: 'QA',
  csr: 'CSR',
  mls: 'MLS',
  iris: 'IRIS',
  nmls: 'NMLS',
  id: 'ID',
  crm: 'CRM',
  ds: 'DS',
  ibuyer: 'iBuyer',
};

/**
 * The one title-case under every label table (src/contract/labels.ts): an enum value in words,
 * FIRST_TIME_BUYER reads First Time Buyer, SMS_TEMPLATE SMS Template; missing reads "-".
 */
export function prettify(value: string | null | undefined): string {
  if (!value) return '-';
  return value
    .toLowerCase()
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => WORD_FORMS[w] ?? w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

type NamePart = string | null | undefined;
/** Spec 2 section 5: "Missing names or email show 'Not Available'", on every screen alike. */
export const NOT_AVAILABLE = 'Not Available';

/**
 * The one person-name helper (console and server): first and last name joined; the fallback
 * ("Not Available" unless given, null on the server's answers) when both are missing.
 */
export function personName(first: NamePart, last: NamePart): string;
export function personName<F extends string | null>(first: NamePart, last: NamePart, fallback: F): string | F;
export function personName(first: NamePart, last: NamePart, fallback: string | null = NOT_AVAILABLE): string | null {
  return [first, last].filter(Boolean).join(' ').trim() || fallback;
}

/** Product family labels (docs/spec/DECISIONS.md: the selector labels). */
export const PRODUCT_FAMILY_LABELS: Record<string, string> = {
  COMBINED: `${BRAND.name} Referrals + IRIS`,
  [BRAND.code]: `${BRAND.name} Referrals`,
  LEAD_GENIUS: 'IRIS',
};
export const productFamilyLabel = (family: string): string => PRODUCT_FAMILY_LABELS[family] ?? prettify(family);

/** The DNC owner column: the brand for its own owner type, IRIS for any other (spec 1 section 2, docs/spec/DECISIONS.md). */
export const dncOwnerLabel = (ownerType: string): string => (ownerType === BRAND.code ? BRAND.name : 'IRIS');
