import { parseIsoDate } from './iso-time.ts';

// Flex attribute values (User Management): every value is stored as text and checked
// against its definition's type, here once for the server and the console (through the contract's
// flexValueRule, which adds the required value and the length).

export type FlexType = 'TEXT' | 'NUMBER' | 'BOOLEAN' | 'DATE' | 'SELECT';

const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What is wrong with a (trimmed, non-empty) value for an attribute of this type, in the form's words, or
 * null. The contract's flexValueRule adds the required value and the length (src/contract/users.ts).
 */
export function flexValueError(type: FlexType, value: string, options: readonly string[] = []): string | null {
  const v = value.trim();
  switch (type) {
    case 'TEXT':
      return null;
    case 'NUMBER':
      return NUMBER.test(v) ? null : 'Enter a number, such as 42 or 3.5';
    case 'BOOLEAN':
      return v === 'true' || v === 'false' ? null : 'Choose Yes or No';
    case 'DATE':
      if (!DATE.test(v)) return 'Enter a date as YYYY-MM-DD';
      return parseIsoDate(v) ? null : 'Enter a real date';
    case 'SELECT':
      return options.includes(v) ? null : `Choose one of ${options.join(', ')}`;
  }
}

/** How a stored value reads on a page. */
export const flexValueText = (type: FlexType, value: string): string =>
  type === 'BOOLEAN' ? (value === 'true' ? 'Yes' : 'No') : value;
