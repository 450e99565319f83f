// Validation rules and messages of spec 1 section 5 (verbatim), as pure functions.

/** Spec 1 section 5: local part, @, a domain with a suffix of 2+ letters, or a bracketed IP address (the only copy). */
export const EMAIL_PATTERN = /^[^\s@]+@(?:(?:[^\s@.[\]]+\.)+[a-z]{2,}|\[\d{1,3}(?:\.\d{1,3}){3}\])$/i;
/** US phone: 10 digits with optional separators and an optional leading digit, any digit (and +). */
export const US_PHONE_PATTERN = /^\+?\d?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

export const isEmail = (value: string) => EMAIL_PATTERN.test(value);

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** 10 digits after stripping non-digits are valid; the full form is an optional plus and 11 digits. */
export function isValidPhone(value: string): boolean {
  const digits = digitsOf(value);
  if (digits.length === 10) return true;
  return /^\+?\d{11}$/.test(value.replace(/[\s().-]/g, ''));
}

/** When more than 10 digits are given the last 10 are kept; posted as +1 followed by the digits. */
export function phoneForPost(value: string): string {
  return `+1${digitsOf(value).slice(-10)}`;
}

/** (###) ###-#### */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const d = digitsOf(value).slice(-10);
  if (d.length !== 10) return value;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

export type LoginMode = 'email' | 'phone';

export function identifierError(raw: string, mode: LoginMode): string | undefined {
  const value = raw.trim().toLowerCase();
  if (!value) return mode === 'email' ? 'Email is required' : 'Phone number is required';
  if (mode === 'email') return isEmail(value) ? undefined : 'Invalid e-mail.';
  return US_PHONE_PATTERN.test(value) ? undefined : 'Invalid phone number.';
}

/** The identifier as sent: trimmed and lowercased; a phone as +1 and ten digits. */
export function identifierForPost(raw: string, mode: LoginMode): string {
  const value = raw.trim().toLowerCase();
  return mode === 'phone' ? phoneForPost(value) : value;
}

export const loginPasswordError = (raw: string) => (raw.trim() ? undefined : 'Password is required');

export const NEW_PASSWORD_HINT = 'min 9 characters and one number'; // docs/spec/DECISIONS.md (the spec's "min 8" contradicts its rule)
// The new-password rule itself is the contract's NewPassword (src/contract/users.ts), which the server sets passwords under.

export const confirmPasswordError = (password: string, confirm: string) =>
  password === confirm ? undefined : 'Passwords must match';

export function forgotEmailError(raw: string): string | undefined {
  const value = raw.trim();
  if (!value) return 'Email address is required';
  return isEmail(value) ? undefined : 'Invalid e-mail.';
}

export const isZip = (value: string) => /^\d{5}$/.test(value);
// Key filters (what typing or pasting may put into a field) live in src/ui/key-filters.ts.
