import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'wouter';

import {
  assignmentListQueryOptions,
  assignmentQueryOptions,
  explainQueryOptions,
  type AssignmentListParams,
} from '../../api/assignments-content.ts';
import { serverMessage } from '../../api/staff.ts';
import {
  AssignmentExplainQuery,
  AssignmentListFilters,
  type AgentAssignment,
  type AssignmentExplanation,
} from '../../contract/agent-assignments.ts';
import { fieldMaxLengths } from '../../contract/limits.ts';
import { formatDateTime } from '../../lib/format.ts';
import { pageParams } from '../../lib/list-view.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as styles from '../../ui/staff.css.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { refusalOf, ruleError, useForm } from '../../widgets/form.ts';
import { defineList } from '../../widgets/list-screen.tsx';
import { CandidateTable, useCandidatePages, type CandidatePages } from './candidate-table.tsx';

export const NO_ASSIGNMENTS = 'No assignments found.';
const LIST = defineList({
  sort: { key: 'created', desc: true },
  sortKeys: ['created', 'zip', 'mode'],
  search: { key: 'zip', label: 'ZIP code', placeholder: '5 digits' },
  filters: [
    {
      key: 'mode',
      label: 'Mode',
      all: 'All',
      options: [
        { value: 'AUTOMATIC', label: 'Automatic' },
        { value: 'FORCED', label: 'Forced' },
      ],
    },
  ],
});

/** The lookup's field for each way of explaining: its rule and length are the route's query (the contract's). */
const FIELD = { opportunity: 'opportunityId', zip: 'zip' } as const;
type Field = (typeof FIELD)[keyof typeof FIELD];
const FIELD_KEYS: readonly Field[] = [FIELD.opportunity, FIELD.zip];
const MAX = fieldMaxLengths(AssignmentExplainQuery);
const lookupError = (field: Field, value: string) => ruleError(AssignmentExplainQuery.entries[field], value);

/** The URL patch that puts a candidate table back on its first page at its default size. */
const pageReset = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, null]));

/** A recorded decision's candidate pages in the URL; opening another decision starts at its first page. */
const DECISION_PAGES = 'decision';
const DECISION_PAGE_KEYS = Object.values(pageParams(DECISION_PAGES));

const modeText = (a: AgentAssignment) =>
  a.mode === 'FORCED' ? `Forced by ${a.forcedBy?.name ?? 'staff'}` : 'Automatic';

/** What the rule decides now for an opportunity or a ZIP code (?by=opportunity|zip&value=...). */
function Explanation({
  by,
  value,
  query,
  pages,
}: {
  by: 'opportunity' | 'zip';
  value: string;
  query: UseQueryResult<AssignmentExplanation>;
  pages: CandidatePages;
}) {
  if (query.isError) {
    // A refusal of the lookup's value is shown at its field; only what belongs to no field shows here.
    const text = refusalOf(query.error, [FIELD[by]]).formError;
    return text ? (
      <Card>
        <p role="alert" className={styles.formError}>
          {serverMessage(query.error, 'This explanation could not be loaded.')}
        </p>
      </Card>
    ) : null;
  }
  const e = query.data;
  if (!e) return <Skeleton label="Loading explanation" shape="record" />;
  const where = [e.zip, [e.city, e.state].filter(Boolean).join(', ')].filter(Boolean).join(' · ');
  return (
    <Card aria-labelledby="explanation-heading">
      <h2 id="explanation-heading" className={styles.subheading}>
        {by === 'opportunity' ? `Opportunity ${value}` : `ZIP code ${value}`}: the rule now
      </h2>
      <p className={styles.meta}>{where || 'No ZIP code'}</p>
      <p>
        <strong>{e.summary}</strong>
      </p>
      <CandidateTable
        label="Candidates now"
        candidates={e.candidates}
        total={e.candidateCount}
        pages={pages}
        loading={query.isPlaceholderData}
      />
      {e.history.length > 0 && (
        <>
          <h3 className={styles.subheading}>Recorded decisions</h3>
          <ul className={styles.list}>
            {e.history.map((h) => (
              <li key={h.id} className={styles.listItem}>
                {formatDateTime(h.created)}: {modeText(h)}. {h.summary}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

/** One recorded decision with every candidate's verdict as it stood then (?assignment=id). */
function RecordedDecision({ id }: { id: number }) {
  const pages = useCandidatePages(DECISION_PAGES);
  const query = useQuery({ ...assignmentQueryOptions(id, pages.paging), placeholderData: keepPreviousData });
  if (query.isError)
    return (
      <Card>
        <QueryFailure thing="This assignment" retry={query.refetch} />
      </Card>
    );
  const d = query.data;
  if (!d) return <Skeleton label="Loading assignment" shape="record" />;
  return (
    <Card aria-labelledby="decision-heading">
      <h2 id="decision-heading" className={styles.subheading}>
        Assignment {d.id}: {modeText(d)}
      </h2>
      <p className={styles.meta}>
        {formatDateTime(d.created)} · Opportunity {d.opportunityId}
        {d.opportunityName ? ` (${d.opportunityName})` : ''} · {d.brokerageName} · ZIP {d.zip ?? '-'}
      </p>
      <p>
        <strong>{d.summary}</strong>
      </p>
      <CandidateTable
        label={`Candidates of assignment ${d.id}`}
        candidates={d.candidates}
        total={d.candidateCount}
        pages={pages}
        loading={query.isPlaceholderData}
      />
    </Card>
  );
}

/** Agent Assignments: the rule's explanation for an opportunity or ZIP code, and the recorded decisions. */
export function AgentAssignmentsScreen() {
  const list = useUrlListState(LIST.spec);
  const params = list.params as AssignmentListParams;
  const zipError = params.zip === '' ? undefined : ruleError(AssignmentListFilters.entries.zip, params.zip);
  const zipOk = zipError === undefined;
  const query = useQuery({ ...assignmentListQueryOptions(params), enabled: zipOk, placeholderData: keepPreviousData });
  const [search, setSearch] = useSearchParams();
  const by = search.get('by') === 'zip' ? 'zip' : 'opportunity';
  const value = search.get('value') ?? '';
  const opened = Number(search.get('assignment') ?? '');
  const [form, setForm] = useState<{ by: 'opportunity' | 'zip'; value: string }>({ by, value });
  const { form: formRef, errors, clear, check, refused } = useForm(FIELD_KEYS);
  const validValue = value !== '' && lookupError(FIELD[by], value) === undefined;
  const explainPages = useCandidatePages('candidates');
  const explain = useQuery({
    ...explainQueryOptions(
      by === 'opportunity' ? { opportunityId: Number(value) } : { zip: value },
      explainPages.paging,
    ),
    enabled: validValue,
    placeholderData: keepPreviousData,
  });
  // The server's refusal of the value looked up (an opportunity nobody has) goes to its field.
  const refusedAt = explain.isError ? explain.errorUpdatedAt : 0;
  useEffect(() => {
    if (refusedAt) refused(explain.error);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per refusal
  }, [refusedAt]);
  const setParam = (patch: Record<string, string | null>) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, val] of Object.entries(patch))
        if (val === null) next.delete(k);
        else next.set(k, val);
      return next;
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = form.value.trim();
    const field = FIELD[form.by];
    if (!check({ [field]: lookupError(field, v) })) return;
    // The same lookup again asks again (an opportunity created since, a refusal to show once more).
    if (form.by === by && v === value) void explain.refetch();
    // A new lookup starts at its first page of candidates.
    setParam({ by: form.by, value: v, assignment: null, ...pageReset(explainPages.keys) });
  };

  const columns: Column<AgentAssignment>[] = [
    { key: 'created', header: 'Assigned', sortKey: 'created', cell: (a) => formatDateTime(a.created) },
    {
      key: 'opportunity',
      header: 'Opportunity',
      cell: (a) => `${a.opportunityId}${a.opportunityName ? ` · ${a.opportunityName}` : ''}`,
    },
    { key: 'zip', header: 'ZIP', sortKey: 'zip', cell: (a) => a.zip ?? '-' },
    { key: 'mode', header: 'Mode', sortKey: 'mode', cell: modeText },
    { key: 'agent', header: 'Agent', cell: (a) => a.agent?.name ?? '-' },
    { key: 'candidates', header: 'Candidates', cell: (a) => a.candidateCount },
    {
      key: 'open',
      header: 'Actions',
      cell: (a) => (
        <Button
          variant="text"
          aria-label={`Explain assignment ${a.id}`}
          onClick={() => setParam({ assignment: String(a.id), ...pageReset(DECISION_PAGE_KEYS) })}
        >
          Explain
        </Button>
      ),
    },
  ];

  return (
    <Page title="Agent Assignments">
      <div className={styles.stack}>
        <Card aria-labelledby="explain-heading">
          <h2 id="explain-heading" className={styles.subheading}>
            Explain an assignment
          </h2>
          <form ref={formRef} className={styles.inlineForm} onSubmit={submit} noValidate>
            <SelectField
              label="Explain by"
              value={form.by}
              onChange={(e) => {
                check({});
                setForm({ by: e.target.value === 'zip' ? 'zip' : 'opportunity', value: '' });
              }}
            >
              <option value="opportunity">Opportunity</option>
              <option value="zip">ZIP code</option>
            </SelectField>
            <TextField
              label={form.by === 'zip' ? 'ZIP code' : 'Opportunity ID'}
              name={FIELD[form.by]}
              value={form.value}
              inputMode="numeric"
              keyFilter="digits"
              maxLength={MAX[FIELD[form.by]]}
              error={errors[FIELD[form.by]]}
              onChange={(e) => {
                clear(FIELD[form.by]);
                setForm({ ...form, value: e.target.value });
              }}
            />
            <Button type="submit">Explain</Button>
          </form>
        </Card>
        {validValue && <Explanation by={by} value={value} query={explain} pages={explainPages} />}
        {Number.isInteger(opened) && opened > 0 && <RecordedDecision id={opened} />}
        <Card aria-labelledby="recorded-heading">
          <h2 id="recorded-heading" className={styles.subheading}>
            Recorded assignments
          </h2>
          <div className={styles.toolbar}>
            <SearchField
              label="ZIP code"
              value={list.filter.zip ?? ''}
              placeholder="5 digits"
              onSearch={(zip) => list.setFilter({ zip })}
            />
            <SelectField
              label="Mode"
              value={list.filter.mode ?? ''}
              onChange={(e) => list.setFilter({ mode: e.target.value })}
            >
              <option value="">All</option>
              <option value="AUTOMATIC">Automatic</option>
              <option value="FORCED">Forced</option>
            </SelectField>
          </div>
          {zipError && (
            <p role="alert" className={styles.formError}>
              {zipError}
            </p>
          )}
          {query.isError && (
            <p role="alert" className={styles.formError}>
              Whoops, Something went wrong. Try again.
            </p>
          )}
          <DataTable
            label="Recorded assignments"
            columns={columns}
            rows={zipOk ? (query.data?.content ?? []) : []}
            rowKey={(a) => a.id}
            sort={list.sort}
            onSortChange={list.setSort}
            loading={zipOk && query.isPending}
            empty={NO_ASSIGNMENTS}
          />
          <Pagination
            rowsType="assignments"
            state={list.paging(query.data?.totalElements ?? 0)}
            onChange={list.setPaging}
          />
        </Card>
      </div>
    </Page>
  );
}
