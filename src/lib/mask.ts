/**
 * A recipient as staff see it on the Messages screen: enough to tell two apart, not enough to
 * contact the person. An email keeps its first character and its domain; a phone its last 4 digits.
 */
export function maskRecipient(value: string): string {
  const at = value.lastIndexOf('@');
  if (at > 0) return `${value[0]}•••${value.slice(at)}`;
  const digits = value.replace(/\D/g, '');
  if (digits.length >= 4) return `•••-•••-${digits.slice(-4)}`;
  return '•••';
}
