import { parseIsoDate } from './iso-time.ts';

// Flex attribute values (User Management, issue 15): every value is stored as text and checked
// against its definition's type, here once for the server and the console.

export type FlexType = 'TEXT' | 'NUMBER' | 'BOOLEAN' | 'DATE' | 'SELECT';

const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The problem with `value` for an attribute of this type, or null when it is acceptable. */
export function flexValueError(type: FlexType, value: string, options: readonly string[] = []): string | null {
  const v = value.trim();
  if (v === '') return 'A value is required';
  switch (type) {
    case 'TEXT': return v.length > 500 ? 'must be at most 500 characters' : null;
    case 'NUMBER': return NUMBER.test(v) ? null : 'must be a number';
    case 'BOOLEAN': return v === 'true' || v === 'false' ? null : 'must be true or false';
    case 'DATE':
      if (!DATE.test(v)) return 'must be a date (YYYY-MM-DD)';
      return parseIsoDate(v) ? null : 'must be a real date';
    case 'SELECT': return options.includes(v) ? null : `must be one of ${options.join(', ')}`;
  }
}

/** How a stored value reads on a page. */
export const flexValueText = (type: FlexType, value: string): string =>
  type === 'BOOLEAN' ? (value === 'true' ? 'Yes' : 'No') : value;
