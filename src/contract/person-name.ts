import * as v from 'valibot';

// One rule for every part of a person's name (first, last, display), in the console's key filter
// and forms and in the server's contracts alike (docs/spec/DECISIONS.md; decision 0070): Unicode letters,
// combining marks, spaces, hyphens, apostrophes (' and ’) and periods. The spec's "letters and
// hyphen only" would turn O'Brien into OBrien, "Mary Ann" into MaryAnn and strip decomposed accents.

/** At most 254 characters: the spec's "Name must be less than 255 characters". */
export const PERSON_NAME_MAX = 254;
const ALLOWED = "\\p{L}\\p{M} '’.\\-";
/** A whole name part: at least one letter, only allowed characters. */
export const PERSON_NAME_PATTERN = new RegExp(`^(?=.*\\p{L})[${ALLOWED}]+$`, 'u');
const DISALLOWED = new RegExp(`[^${ALLOWED}]`, 'gu');

/** The key filter: what typing or pasting may put into a name field. */
export const filterPersonName = (value: string): string => value.replace(DISALLOWED, '');

/** A required name part, trimmed, with its messages in the user's words. */
export const personNamePart = (label: string) =>
  v.pipe(
    v.string(`${label} is required`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(PERSON_NAME_MAX, `${label} must be less than 255 characters`),
    v.regex(PERSON_NAME_PATTERN, `${label} may hold letters, spaces, hyphens, apostrophes and periods`),
  );

/** The console's check of a name part against the same rule: the first message, or undefined. */
export function personNameError(label: string, value: string): string | undefined {
  const r = v.safeParse(personNamePart(label), value);
  return r.success ? undefined : r.issues[0].message;
}
