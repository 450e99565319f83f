import { filterPersonName } from '../contract/person-name.ts';

// Key filters of spec 1 section 5: what typing or pasting may put into a field. One filter per kind,
// applied by TextField's `keyFilter` prop, so every field of a kind filters alike.

/** Numeric fields: digits and one decimal point. */
const numeric = (value: string) => {
  const cleaned = value.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  return dot === -1 ? cleaned : cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, '');
};

/** Codes made of digits only (ZIP): a numeric field where a decimal point can never be right. */
const digits = (value: string) => value.replace(/\D/g, '');

/** Phone fields: digits, separators and one plus. */
const phone = (value: string) => {
  const cleaned = value.replace(/[^\d+()\s.-]/g, '');
  const plus = cleaned.indexOf('+');
  return plus === -1 ? cleaned : cleaned.slice(0, plus + 1) + cleaned.slice(plus + 1).replace(/\+/g, '');
};

/** Name fields: letters of any script, combining marks, spaces, hyphens, apostrophes and periods (docs/spec/DECISIONS.md). */
const name = filterPersonName;

export const KEY_FILTERS = { numeric, digits, phone, name } as const;
export type KeyFilter = keyof typeof KEY_FILTERS;
