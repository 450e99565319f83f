import { queryOptions } from '@tanstack/react-query';

import {
  SavedView,
  SavedViewList,
  type SavedViewList as ListName,
  type NewSavedView,
} from '../contract/saved-views.ts';
import { request } from './client.ts';
import { write } from './write.ts';

// Saved views of the my-* lists, kept on the server for the signed-in person.

export const savedViewKeys = {
  all: ['saved-views'] as const,
  list: (list: ListName) => [...savedViewKeys.all, list] as const,
};

export const savedViewsQueryOptions = (list: ListName) =>
  queryOptions({
    queryKey: savedViewKeys.list(list),
    queryFn: () => request('/users-api/saved-views', { query: { list }, schema: SavedViewList }),
  });

export const saveView = (view: NewSavedView) =>
  request('/users-api/saved-views', { method: 'POST', json: view, schema: SavedView });
export const deleteView = (id: number) => request(`/users-api/saved-views/${id}`, { method: 'DELETE' });
// Each reads the list's views again before it settles.
export const saveViewWrite = (list: ListName) =>
  write(saveView, (client) => ({ onSuccess: () => client.invalidateQueries({ queryKey: savedViewKeys.list(list) }) }));
export const deleteViewWrite = (list: ListName) =>
  write(deleteView, (client) => ({
    onSuccess: () => client.invalidateQueries({ queryKey: savedViewKeys.list(list) }),
  }));
