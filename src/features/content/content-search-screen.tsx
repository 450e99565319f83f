import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import {
  audiencesQueryOptions,
  contentListQueryOptions,
  usagesQueryOptions,
  usageTypesQueryOptions,
  type ContentListParams,
} from '../../api/assignments-content.ts';
import type { ContentItem } from '../../contract/content-items.ts';
import { codeLabel, enumLabel } from '../../contract/labels.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import type { ListSpec } from '../../lib/list-view.ts';
import type { Column } from '../../ui/data-table.tsx';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { defineList, ListScreen, type ListDefinition } from '../../widgets/list-screen.tsx';

export const NO_CONTENT = 'No content items found.';
export const USAGE_TYPE_OPTIONS = [
  { value: 'SMS_TEMPLATE', label: 'SMS Template' },
  { value: 'EMAIL_TEMPLATE', label: 'Email Template' },
  { value: 'CALL_SCRIPT', label: 'Call Script' },
] as const;
const BASE = defineList({
  sort: { key: 'name', desc: false },
  sortKeys: ['name', 'updated', 'priority'],
  search: { key: 'text', label: 'Search', placeholder: 'Name or text' },
  filters: [{ key: 'usageType', label: 'Usage type', all: 'All', options: USAGE_TYPE_OPTIONS }],
});
type Filter = Record<'text' | 'usageType' | 'usageId' | 'audienceId', string>;
/** Usage and audience filters take any id in the URL (their options load from the server). */
const SPEC: ListSpec<Filter> = { ...BASE.spec, filter: { ...BASE.spec.filter, usageId: '', audienceId: '' } };

/** Content Search: the platform's SMS and email templates and call scripts, by usage type, usage, audience and text. */
export function ContentSearchScreen() {
  const list = useUrlListState(SPEC);
  const query = useQuery({
    ...contentListQueryOptions(list.params as ContentListParams),
    placeholderData: keepPreviousData,
  });
  const usages = useQuery(usagesQueryOptions());
  const audiences = useQuery(audiencesQueryOptions());
  const usageTypes = useQuery(usageTypesQueryOptions());
  const definition: ListDefinition<Filter> = useMemo(
    () => ({
      spec: SPEC,
      search: BASE.search,
      filters: [
        // Each usage type says how many items it holds, so an empty one is seen before it is chosen.
        ...BASE.filters.map((f) => ({
          ...f,
          options: f.options.map((o) => {
            const counted = usageTypes.data?.find((t) => t.name === o.value);
            return counted
              ? {
                  ...o,
                  label: `${o.label} (${formatCount(counted.itemCount)} ${counted.itemCount === 1 ? 'item' : 'items'})`,
                }
              : o;
          }),
        })),
        {
          key: 'usageId',
          label: 'Usage',
          all: 'All',
          options: (usages.data?.content ?? [])
            .filter((u) => !list.filter.usageType || u.usageType === list.filter.usageType)
            .map((u) => ({ value: String(u.id), label: codeLabel(u.name) })),
        },
        {
          key: 'audienceId',
          label: 'Audience',
          all: 'All',
          options: (audiences.data?.content ?? []).map((a) => ({ value: String(a.id), label: a.name })),
        },
      ],
    }),
    [usages.data, audiences.data, usageTypes.data, list.filter.usageType],
  );
  const columns: Column<ContentItem>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (i) => <Link href={pathTo('content-edit', { id: i.id })}>{i.name}</Link>,
    },
    { key: 'type', header: 'Usage Type', cell: (i) => enumLabel('usageType', i.usage.usageType) },
    { key: 'usage', header: 'Usage', cell: (i) => codeLabel(i.usage.name) },
    { key: 'audience', header: 'Audience', cell: (i) => i.audience?.name ?? 'Everyone' },
    { key: 'priority', header: 'Priority', sortKey: 'priority', cell: (i) => i.priority },
    { key: 'version', header: 'Version', cell: (i) => i.version },
    { key: 'status', header: 'Status', cell: (i) => (i.active ? 'Active' : 'Inactive') },
    { key: 'updated', header: 'Updated', sortKey: 'updated', cell: (i) => formatDateTime(i.updated) },
  ];
  return (
    <ListScreen
      title="Content Search"
      definition={definition}
      list={list}
      query={query}
      columns={columns}
      rowKey={(i) => i.id}
      label="Content items"
      rowsType="content items"
      empty={NO_CONTENT}
    />
  );
}
