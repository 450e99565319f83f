// CSV cells and rows (RFC 4180), shared by the server's exports and the console's (My Metrics).

export type CsvValue = string | number | boolean | Date | null | undefined;

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;
// A plain number ("+15551234567", "-12.5") carries no formula, so phones stay readable.
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** One cell: formula starts neutralised with a leading apostrophe, then RFC 4180 quoting. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let s = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(',')}\r\n`;
