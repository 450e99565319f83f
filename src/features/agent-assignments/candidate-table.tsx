import type { AssignmentVerdict } from '../../contract/agent-assignments.ts';
import { CHECK_LABELS } from '../../lib/assignment-rule.ts';
import { Badge } from '../../ui/badge.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import * as styles from '../../ui/staff.css.ts';

/** Every candidate of a decision: chosen or skipped, why, and each check of the rule. */
export function CandidateTable({ label, candidates }: { label: string; candidates: readonly AssignmentVerdict[] }) {
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
    <DataTable
      label={label}
      columns={columns}
      rows={candidates}
      rowKey={(c) => c.agentId}
      empty="No agent covers this area."
    />
  );
}
