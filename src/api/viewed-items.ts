import { queryOptions } from '@tanstack/react-query';

import { ViewedItem, ViewedItemPage } from '../contract/users.ts';
import { MARKETPLACE_ITEMS, MARKETPLACE_LOCATION } from '../lib/marketplace.ts';
import { request } from './client.ts';
import { write } from './write.ts';

export const viewedItemKeys = {
  location: (loc: string) => ['viewed-items', loc] as const,
};

/** The chip's call (spec 1 section 7): page 0, size 10, viewed=true, location marketplace. */
export const marketplaceViewedQueryOptions = () =>
  queryOptions({
    queryKey: viewedItemKeys.location(MARKETPLACE_LOCATION),
    queryFn: () =>
      request(`/users-api/users/viewed-item-tracking/location/${MARKETPLACE_LOCATION}`, {
        query: { pageNumber: 0, pageSize: 10, viewed: true },
        schema: ViewedItemPage,
      }),
  });

export const markViewed = (location: string, item: string) =>
  request(`/users-api/users/viewed-item-tracking/location/${location}/item/${item}`, {
    method: 'PUT',
    json: { item, location, viewed: true },
    schema: ViewedItem,
  });

/** Marks all the marketplace's items as viewed, which clears the navigation chip. */
export const markMarketplaceViewedWrite = write(
  () => Promise.all(MARKETPLACE_ITEMS.map((item) => markViewed(MARKETPLACE_LOCATION, item))),
  (client) => ({ onSuccess: () => client.invalidateQueries({ queryKey: marketplaceViewedQueryOptions().queryKey }) }),
);
