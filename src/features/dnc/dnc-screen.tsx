import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

import { DNC_BLOCKED_PARAM, dncQueryOptions, exportDnc } from '../../api/dnc.ts';
import type { DncContact } from '../../contract/interviews.ts';
import { pageIndexOf } from '../../lib/pagination.ts';
import { Button } from '../../ui/button.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import { Switch } from '../../ui/switch.tsx';
import { BlockDialog } from './block-dialog.tsx';
import { DncTable } from './dnc-table.tsx';
import { NewDncDialog } from './new-dnc-dialog.tsx';
import { RemoveDialog } from './remove-dialog.tsx';

export const DNC_PAGE_SIZE = 40; // spec 1 section 9: default 40, options 10, 20, 40
const LOAD_ERROR = 'Whoops, Something went wrong. Try again.';
const LOAD_ERROR_MS = 5000; // spec 1 section 8: the page's generic message shows 5 seconds

/** The do-not-call list (spec 1 section 2). */
export function DncScreen() {
  const snackbar = useSnackbar();
  // Show Only Inbound Blocked lives in the URL (`?blocked=true`), so the overview's figure opens this filter.
  const search = useSearch();
  const [location, navigate] = useLocation();
  const blockedOnly = new URLSearchParams(search).get(DNC_BLOCKED_PARAM) === 'true';
  const setBlockedOnly = (on: boolean) => {
    const q = new URLSearchParams(search);
    if (on) q.set(DNC_BLOCKED_PARAM, 'true');
    else q.delete(DNC_BLOCKED_PARAM);
    navigate(q.size ? `${location}?${q.toString()}` : location, { replace: true });
  };
  const [value, setValue] = useState('');
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState(DNC_PAGE_SIZE);
  const [toggling, setToggling] = useState<DncContact | null>(null);
  const [removing, setRemoving] = useState<DncContact | null>(null);
  const [creating, setCreating] = useState(false);

  const list = useQuery({
    ...dncQueryOptions({ pageIndex: pageIndexOf({ page }), pageSize: rowsPerPage, value, blockedOnly }),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.isError) snackbar(LOAD_ERROR, { tone: 'error', durationMs: LOAD_ERROR_MS });
  }, [list.isError, list.errorUpdatedAt, snackbar]);

  return (
    <Page title="DNC List">
      <Card>
        {/* Newest first is the list's one order (the search pages a million contacts by id): no Sort to offer. */}
        <ListToolbar
          search={value}
          onSearch={(text) => {
            setValue(text);
            setPage(1);
          }}
          filtersSet={blockedOnly ? 1 : 0}
          actions={
            <>
              <ExportButton name="dnc-list" load={() => exportDnc({ value, blockedOnly })} />
              <Button onClick={() => setCreating(true)}>New DNC</Button>
            </>
          }
        >
          <Switch
            label="Show Only Inbound Blocked"
            checked={blockedOnly}
            onCheckedChange={(on) => {
              setBlockedOnly(on);
              setPage(1);
            }}
          />
        </ListToolbar>
        <DncTable
          rows={list.data?.content ?? []}
          loading={list.isFetching && !list.data}
          onToggle={setToggling}
          onRemove={setRemoving}
        />
        <Pagination
          rowsType="dnc"
          state={{ page, rowsPerPage, totalItems: list.data?.totalElements ?? 0 }}
          onChange={(s) => {
            setPage(s.page);
            setRowsPerPage(s.rowsPerPage);
          }}
        />
      </Card>
      <BlockDialog contact={toggling} onClose={() => setToggling(null)} />
      <RemoveDialog contact={removing} onClose={() => setRemoving(null)} />
      <NewDncDialog open={creating} onOpenChange={setCreating} />
    </Page>
  );
}
