import { format } from 'date-fns';
import { BRAND } from './brand.ts';

// Formatting shared by the staff console's screens (DECISIONS.md: browser time zone, 12-hour AM/PM, USD).

/** "Mar 4, 2025 3:07 PM" in the browser's time zone; "-" for nothing. */
export const formatDateTime = (iso: string | null | undefined): string => (iso ? format(new Date(iso), 'MMM d, yyyy h:mm a') : '-');

/** "Mar 4, 2025"; "-" for nothing. */
export const formatDate = (iso: string | null | undefined): string => (iso ? format(new Date(iso), 'MMM d, yyyy') : '-');

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
/** Whole dollars from cents ("$412,000"); "-" for nothing. */
export const formatCents = (cents: number | null | undefined): string => (cents === null || cents === undefined ? '-' : USD.format(cents / 100));
export const formatDollars = (dollars: number | null | undefined): string => (dollars === null || dollars === undefined ? '-' : USD.format(dollars));

/** "ADMIN_HOLD" → "Admin Hold". */
export const codeLabel = (code: string): string =>
  code.toLowerCase().split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');

/** First and last name joined, or the fallback. */
export const personName = (first: string | null | undefined, last: string | null | undefined, fallback = '-'): string =>
  [first, last].filter(Boolean).join(' ').trim() || fallback;

/** Product family labels (DECISIONS.md: the selector labels). */
export const PRODUCT_FAMILY_LABELS: Record<string, string> = {
  COMBINED: `${BRAND.name} Referrals + IRIS`,
  [BRAND.code]: `${BRAND.name} Referrals`,
  LEAD_GENIUS: 'IRIS',
};
export const productFamilyLabel = (family: string): string => PRODUCT_FAMILY_LABELS[family] ?? codeLabel(family);

/** The DNC owner column: the brand for its own owner type, IRIS for any other (spec 1 section 2, DECISIONS.md). */
export const dncOwnerLabel = (ownerType: string): string => (ownerType === BRAND.code ? BRAND.name : 'IRIS');
