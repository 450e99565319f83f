import { queryOptions } from '@tanstack/react-query';

import { AddressValidation, type AddressInput } from '../contract/address-validation.ts';
import { ZipCode } from '../contract/agent-assignments.ts';
import { GeographyPage } from '../contract/geography.ts';
import { ApiError, request } from './client.ts';

// ZIP geography and address validation: a ZIP's city, state and market, many ZIPs at
// once, and the address check of the contact center's Google proxy.

export const geographyKeys = {
  all: ['geography'] as const,
  zip: (zip: string) => [...geographyKeys.all, 'zip', zip] as const,
  zips: (zips: readonly string[]) => [...geographyKeys.all, 'zips', zips.join(',')] as const,
};
const GEOGRAPHY_STALE_MS = 60 * 60_000; // reference data: an hour

/** One ZIP's place; null when the table does not know it (the server's 404). */
export const zipCodeQueryOptions = (zip: string) =>
  queryOptions({
    queryKey: geographyKeys.zip(zip),
    queryFn: async () => {
      try {
        return await request(`/interviews-api/zipCodes/${zip}`, { schema: ZipCode });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    staleTime: GEOGRAPHY_STALE_MS,
  });

/** The places of many ZIPs (unknown ones are absent), keyed by ZIP (a plain object: the query cache is persisted as JSON). */
export const zipPlacesQueryOptions = (zips: readonly string[]) =>
  queryOptions({
    queryKey: geographyKeys.zips(zips),
    queryFn: async () => {
      if (zips.length === 0) return {} as Record<string, ZipCode>;
      const page = await request('/interviews-api/geography', {
        query: { zips: zips.join(','), pageIndex: 0, pageSize: zips.length },
        schema: GeographyPage,
      });
      return Object.fromEntries(page.content.map((z) => [z.zip, z])) as Record<string, ZipCode>;
    },
    staleTime: GEOGRAPHY_STALE_MS,
  });

export const validateAddress = (address: Partial<AddressInput>) =>
  request('/contact-center-api/proxy/google-api/validate-address', {
    method: 'POST',
    json: address,
    schema: AddressValidation,
  });
