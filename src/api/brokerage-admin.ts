import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';

import { ApinationState, ProductOffering, type BrokerageUpdateInput } from '../contract/brokerage-admin.ts';
import { Brokerage } from '../contract/brokerages.ts';
import { brokerageKeys } from './brokerages.ts';
import { request } from './client.ts';
import { write } from './write.ts';

// Brokerage administration: the full edit, the product families offered, Apination.

export const productKeys = { all: ['products'] as const };
export const apinationKey = (id: number) => [...brokerageKeys.detail(id), 'apination'] as const;

/** GET /agents-api/product: rarely changes, so kept for ten minutes. */
export const productsQueryOptions = () =>
  queryOptions({
    queryKey: productKeys.all,
    queryFn: () => request('/agents-api/product', { schema: v.array(ProductOffering) }),
    staleTime: 10 * 60_000,
  });

/** PUT /agents-api/brokerages/{id}: every field at once. */
export const updateBrokerage = (id: number, body: BrokerageUpdateInput) =>
  request(`/agents-api/brokerages/${id}`, { method: 'PUT', json: body, schema: Brokerage });
/** Saves a brokerage: its page shows the answer at once; the lists are read again before the write settles. */
export const updateBrokerageWrite = (id: number) =>
  write(
    (body: BrokerageUpdateInput) => updateBrokerage(id, body),
    (client) => ({
      onSuccess: async (saved) => {
        client.setQueryData(brokerageKeys.detail(id), saved);
        await client.invalidateQueries({ queryKey: brokerageKeys.lists() });
      },
    }),
  );

export const apinationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: apinationKey(id),
    queryFn: () => request(`/agents-api/brokerages/${id}/apination`, { schema: ApinationState }),
    staleTime: 0, // staff read it after a broker admin's change: always refetch on open
  });

export const setApination = (id: number, enabled: boolean) =>
  request(`/agents-api/brokerages/${id}/apination/${enabled ? 'enable' : 'disable'}`, {
    method: 'POST',
    schema: ApinationState,
  });
export const setApinationWrite = (id: number) =>
  write(
    (enabled: boolean) => setApination(id, enabled),
    (client) => ({
      onSuccess: (s) => {
        client.setQueryData(apinationKey(id), s);
      },
    }),
  );
