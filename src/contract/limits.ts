import type * as v from 'valibot';

// The longest value each field of a contract schema admits, read from the schema itself, so a form's
// maxLength attribute is the server's limit ("every field's rule comes from the contract").
// One field, one length: the lengths every schema shares live here.

/** An email address: RFC 5321's longest path less its brackets (254 characters). */
export const EMAIL_MAX = 254;
/** A phone as typed: ten digits with a leading 1, plus sign, brackets, spaces and dashes fit in 20. */
export const PHONE_TEXT_MAX = 20;

type Node = {
  type?: string;
  kind?: string;
  requirement?: unknown;
  pipe?: readonly Node[];
  wrapped?: Node;
  entries?: Record<string, Node>;
  options?: readonly Node[];
};

/** A ZIP code: five digits (spec 1 section 5). */
export const ZIP_LENGTH = 5;
/** ZIP: exactly 5 digits (spec 1 section 5); the pattern and message every ZIP rule shares. */
export const ZIP_PATTERN = /^\d{5}$/;
export const ZIP_MESSAGE = 'ZIP must be exactly 5 digits';

/** The requirements of one kind of check in a schema (through optional, nullable and pipe). */
function requirements(schema: v.GenericSchema | Node, action: 'max_length' | 'max_value'): number[] {
  const found: number[] = [];
  const visit = (n: Node | undefined) => {
    if (!n) return;
    if (n.type === action && n.kind === 'validation' && typeof n.requirement === 'number') found.push(n.requirement);
    // An array's maxLength counts its items, not characters; an object's fields have their own.
    if (n.type === 'array' || n.entries) return;
    visit(n.wrapped);
    n.pipe?.forEach(visit);
  };
  visit(schema as Node);
  return found;
}

/** The smallest max_length of a schema, or undefined if it has none. */
export function maxLengthOf(schema: v.GenericSchema | Node): number | undefined {
  const found = requirements(schema, 'max_length');
  return found.length > 0 ? Math.min(...found) : undefined;
}

/** How many digits a whole number under the schema's max_value has at most: a digits field's maxLength. */
export function maxDigitsOf(schema: v.GenericSchema | Node): number | undefined {
  const found = requirements(schema, 'max_value');
  return found.length > 0 ? String(Math.trunc(Math.min(...found))).length : undefined;
}

/** The object schema inside a pipe or wrapper (e.g. a strictObject with a check), or undefined. */
function objectOf(schema: v.GenericSchema | Node): Node | undefined {
  const n = schema as Node;
  if (n.entries) return n;
  return n.wrapped ? objectOf(n.wrapped) : undefined;
}

/** Each text field's length limit in an object schema: the maxLength attributes of its form. */
export function fieldMaxLengths(schema: v.GenericSchema): Record<string, number | undefined> {
  const entries = objectOf(schema)?.entries ?? {};
  return Object.fromEntries(Object.entries(entries).map(([k, s]) => [k, maxLengthOf(s)]));
}
