// Bulk SMS rules shared by the console (composer, segment counter) and the server (pre-flight,
// sending): merge fields, segments, US number validity, opt-out keywords and quiet hours.

// ---- Segments ---------------------------------------------------------------------------------

/** The GSM 03.38 basic character set; anything else makes the message UCS-2. */
const GSM_BASIC = new Set([
  ...'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
]);
/** Extension characters: two septets each (escape + character). */
const GSM_EXTENDED = new Set([...'^{}\\[~]|€\f']);

export interface Segments {
  encoding: 'GSM-7' | 'UCS-2';
  units: number;
  segments: number;
  perSegment: number;
}

/**
 * How many SMS parts a text takes: GSM-7 160 septets in one part, 153 per part when split;
 * UCS-2 70 code units in one part, 67 when split. Empty text is 0 parts.
 */
export function smsSegments(text: string): Segments {
  const chars = [...text];
  if (chars.every((ch) => GSM_BASIC.has(ch) || GSM_EXTENDED.has(ch))) {
    const units = chars.reduce((n, ch) => n + (GSM_EXTENDED.has(ch) ? 2 : 1), 0);
    const perSegment = units <= 160 ? 160 : 153;
    return { encoding: 'GSM-7', units, segments: units === 0 ? 0 : Math.ceil(units / perSegment), perSegment };
  }
  const units = text.length; // UTF-16 code units: an emoji takes 2
  const perSegment = units <= 70 ? 70 : 67;
  return { encoding: 'UCS-2', units, segments: Math.ceil(units / perSegment), perSegment };
}

// ---- Merge fields -----------------------------------------------------------------------------

export const MERGE_FIELDS = ['firstName', 'lastName', 'brokerage'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = Partial<Record<MergeField, string | null>>;

const FIELD = /\{(\w+)(?:\|([^{}]*))?\}/g;

/** Merge fields the text uses that do not exist (the composer and the server refuse them). */
export function unknownMergeFields(text: string): string[] {
  return [
    ...new Set(
      [...text.matchAll(FIELD)].map((m) => m[1] ?? '').filter((f) => !(MERGE_FIELDS as readonly string[]).includes(f)),
    ),
  ];
}

/** `{firstName}` or `{firstName|there}` (a fallback when the recipient has no value). */
export function renderMessage(text: string, values: MergeValues): string {
  return text.replace(FIELD, (whole, name: string, fallback: string | undefined) =>
    (MERGE_FIELDS as readonly string[]).includes(name) ? values[name as MergeField]?.trim() || fallback || '' : whole,
  );
}

/** Opt-out wording the pre-flight looks for in the message (a warning when it is missing). */
export const hasOptOutWording = (text: string) => /\bstop\b/i.test(text);

// ---- Numbers ----------------------------------------------------------------------------------

/**
 * A US number as +1 and ten digits when it can receive SMS: the spec's phone rule (10 digits, or
 * 11 with a leading digit; the last 10 kept) plus the North American Numbering Plan's rule that
 * the area code and the exchange start with 2-9. Otherwise null (suppressed as INVALID).
 */
export function smsNumber(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length !== 10 && !(digits.length === 11 && digits.startsWith('1'))) return null;
  const ten = digits.slice(-10);
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(ten) ? `+1${ten}` : null;
}

/** Inbound replies that opt the sender out (CTIA and the FCC's 2024 revocation rule). */
export const OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
  'CANCEL',
] as const;
export const isOptOut = (body: string) =>
  (OPT_OUT_KEYWORDS as readonly string[]).includes(
    body
      .trim()
      .toUpperCase()
      .replace(/[^A-Z]/g, ''),
  );

// ---- Quiet hours ------------------------------------------------------------------------------

/** Messages go out only from 8 AM to 9 PM in the recipient's local time. */
export const QUIET_HOURS = { from: 8, to: 21 } as const;

/**
 * Area code -> IANA time zone, after the NANPA area code assignments (nationalnanpa.com, "Area
 * Codes by Geographic Region"). A small table, the one place to plug a fuller source (a number
 * lookup service, or the recipient's address) in: `timeZonesOf`. Area codes that span two zones
 * list both and must be inside the window in each. An area code not in the table is judged by
 * the two ends of the contiguous US (Eastern and Pacific), so an unknown number is never texted
 * at night anywhere. The area code is an unreliable guide (numbers move with their owners),
 * which is why the unknown case errs on the quiet side.
 */
export const AREA_CODE_ZONES: Record<string, readonly string[]> = {
  // Eastern
  201: ['America/New_York'],
  202: ['America/New_York'],
  203: ['America/New_York'],
  207: ['America/New_York'],
  212: ['America/New_York'],
  215: ['America/New_York'],
  267: ['America/New_York'],
  305: ['America/New_York'],
  404: ['America/New_York'],
  407: ['America/New_York'],
  412: ['America/New_York'],
  617: ['America/New_York'],
  646: ['America/New_York'],
  704: ['America/New_York'],
  718: ['America/New_York'],
  786: ['America/New_York'],
  917: ['America/New_York'],
  313: ['America/Detroit'],
  317: ['America/Indiana/Indianapolis'],
  502: ['America/Kentucky/Louisville'],
  850: ['America/New_York', 'America/Chicago'],
  // Central
  214: ['America/Chicago'],
  312: ['America/Chicago'],
  314: ['America/Chicago'],
  512: ['America/Chicago'],
  608: ['America/Chicago'],
  612: ['America/Chicago'],
  713: ['America/Chicago'],
  773: ['America/Chicago'],
  816: ['America/Chicago'],
  972: ['America/Chicago'],
  615: ['America/Chicago'],
  504: ['America/Chicago'],
  // Mountain
  208: ['America/Boise'],
  303: ['America/Denver'],
  385: ['America/Denver'],
  505: ['America/Denver'],
  720: ['America/Denver'],
  801: ['America/Denver'],
  406: ['America/Denver'],
  480: ['America/Phoenix'],
  602: ['America/Phoenix'],
  // Pacific
  206: ['America/Los_Angeles'],
  213: ['America/Los_Angeles'],
  310: ['America/Los_Angeles'],
  415: ['America/Los_Angeles'],
  503: ['America/Los_Angeles'],
  619: ['America/Los_Angeles'],
  702: ['America/Los_Angeles'],
  818: ['America/Los_Angeles'],
  // Alaska, Hawaii, territories
  907: ['America/Anchorage'],
  808: ['Pacific/Honolulu'],
  787: ['America/Puerto_Rico'],
  939: ['America/Puerto_Rico'],
  340: ['America/St_Thomas'],
  671: ['Pacific/Guam'],
  670: ['Pacific/Saipan'],
  684: ['Pacific/Pago_Pago'],
};
const UNKNOWN_AREA_ZONES = ['America/New_York', 'America/Los_Angeles'] as const;

/** The time zones a +1 number's area code stands for (the plug-in place for a better source). */
export const timeZonesOf = (e164: string): readonly string[] => AREA_CODE_ZONES[e164.slice(2, 5)] ?? UNKNOWN_AREA_ZONES;

/** The local hour (0-23, with minutes as a fraction) in a time zone at an instant. */
export function localHour(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const num = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return num('hour') + num('minute') / 60;
}

/**
 * A checker for one instant: true when a number may be texted then (inside 8 AM-9 PM local in
 * every zone its area code stands for). Zones are worked out once per checker, so 10,000 numbers
 * cost a map lookup each.
 */
export function quietHoursChecker(at: Date): (e164: string) => boolean {
  const open = new Map<string, boolean>();
  const zoneOpen = (zone: string) => {
    let ok = open.get(zone);
    if (ok === undefined) {
      const h = localHour(zone, at);
      ok = h >= QUIET_HOURS.from && h < QUIET_HOURS.to;
      open.set(zone, ok);
    }
    return ok;
  };
  return (e164) => timeZonesOf(e164).every(zoneOpen);
}
