import { useSearchParams } from 'wouter';

import type { Paging } from '../../api/staff.ts';
import type { AssignmentVerdict } from '../../contract/agent-assignments.ts';
import { CHECK_LABELS } from '../../lib/assignment-rule.ts';
import { pageParams, readPage } from '../../lib/list-view.ts';
import { DEFAULT_ROWS_PER_PAGE, pageIndexOf, type PaginationState } from '../../lib/pagination.ts';
import { Badge } from '../../ui/badge.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import * as styles from '../../ui/staff.css.ts';

/**
 * Which page of a decision's candidates shows, kept in the URL as `<prefix>Page` and `<prefix>Rows`
 * (defaults left out), so a link and Back reproduce it. Two tables can show at once (the rule now and
 * a recorded decision): each has its own prefix.
 */
export function useCandidatePages(prefix: string) {
  const [search, setSearch] = useSearchParams();
  const { page: pageKey, rows: rowsKey } = pageParams(prefix);
  const { page, rowsPerPage } = readPage(search, {}, prefix);
  const paging: Paging = { pageIndex: pageIndexOf({ page }), pageSize: rowsPerPage };
  const state = (totalItems: number): PaginationState => ({ page, rowsPerPage, totalItems });
  const set = (next: PaginationState) =>
    setSearch(
      (prev) => {
        const q = new URLSearchParams(prev);
        if (next.page === 1) q.delete(pageKey);
        else q.set(pageKey, String(next.page));
        if (next.rowsPerPage === DEFAULT_ROWS_PER_PAGE) q.delete(rowsKey);
        else q.set(rowsKey, String(next.rowsPerPage));
        return q;
      },
      { replace: true },
    );
  return { paging, state, set, keys: [pageKey, rowsKey] as const };
}
export type CandidatePages = ReturnType<typeof useCandidatePages>;

/** A page of a decision's candidates: chosen or skipped, why, and each check of the rule. */
export function CandidateTable({
  label,
  candidates,
  total,
  pages,
  loading,
}: {
  label: string;
  candidates: readonly AssignmentVerdict[];
  /** how many candidates the decision weighed in all */
  total: number;
  pages: CandidatePages;
  loading: boolean;
}) {
  const columns: Column<AssignmentVerdict>[] = [
    { key: 'position', header: '#', cell: (c) => c.position },
    { key: 'agent', header: 'Agent', cell: (c) => c.name },
    {
      key: 'outcome',
      header: 'Outcome',
      cell: (c) =>
        c.outcome === 'CHOSEN' ? (
          <Badge tone="success">Chosen</Badge>
        ) : (
          <Badge tone={c.eligible ? 'neutral' : 'warning'}>{c.eligible ? 'Eligible, outranked' : 'Skipped'}</Badge>
        ),
    },
    {
      key: 'why',
      header: 'Why',
      cell: (c) => (
        <ul className={styles.list}>
          {c.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ),
    },
    {
      key: 'checks',
      header: 'Checks',
      cell: (c) => (
        <ul className={styles.list}>
          {c.checks.map((k) => (
            <li key={k.check}>
              <span className={styles.meta}>
                {CHECK_LABELS[k.check]}: {k.check === 'RANK' ? '' : k.passed ? 'pass. ' : 'fail. '}
              </span>
              {k.detail}
            </li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={candidates}
        rowKey={(c) => c.agentId}
        loading={loading}
        empty="No agent covers this area."
      />
      <Pagination rowsType="candidates" label={`${label} pages`} state={pages.state(total)} onChange={pages.set} />
    </>
  );
}
