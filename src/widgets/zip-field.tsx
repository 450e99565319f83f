import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';

import { zipCodeQueryOptions, zipPlacesQueryOptions } from '../api/geography.ts';
import { ZIP_LENGTH } from '../contract/limits.ts';
import { placeText } from '../lib/place.ts';
import * as styles from '../ui/field.css.ts';
import { TextField, type TextFieldProps } from '../ui/text-field.tsx';

// The one ZIP field of the console: a 5-digit input that shows, as text under it, the
// city, state and market the ZIP resolves to (GET /interviews-api/zipCodes/{zip}), or "Unknown ZIP".

const ZIP = /^\d{5}$/;

/** A ZIP's place as the field and the lists show it; nothing until the value is five digits. */
export function useZipPlace(zip: string): { text: string | undefined; known: boolean } {
  const complete = ZIP.test(zip);
  const place = useQuery({ ...zipCodeQueryOptions(zip), enabled: complete });
  if (!complete || place.isPending) return { text: undefined, known: false };
  if (place.isError) return { text: 'The ZIP could not be looked up.', known: false };
  return { text: placeText(place.data), known: place.data !== null };
}

export type ZipFieldProps = Omit<TextFieldProps, 'keyFilter' | 'maxLength' | 'inputMode' | 'value'> & { value: string };

/** A labelled ZIP input with its resolved place announced politely below it. */
export function ZipField({ value, error, ...input }: ZipFieldProps) {
  const statusId = useId();
  const { text } = useZipPlace(value.trim());
  return (
    <div>
      <TextField
        {...input}
        value={value}
        error={error}
        keyFilter="digits"
        maxLength={ZIP_LENGTH}
        inputMode="numeric"
        autoComplete="postal-code"
        {...(!error && text ? { 'aria-describedby': statusId } : {})}
      />
      <p id={statusId} role="status" className={styles.hint} data-testid="zip-place">
        {error ? '' : (text ?? '')}
      </p>
    </div>
  );
}

/** The places of a list of ZIPs (chips, table rows): one request for all of them. */
export function useZipPlaces(zips: readonly string[]): (zip: string) => string | undefined {
  const sorted = [...new Set(zips)].sort();
  const places = useQuery({ ...zipPlacesQueryOptions(sorted), enabled: sorted.length > 0 });
  return (zip) => (places.data ? placeText(places.data[zip]) : undefined);
}
