import * as styles from './chart.css.ts';
import * as tableStyles from './data-table.css.ts';
import { visuallyHidden } from './visually-hidden.css.ts';

export interface ChartTableRow {
  key: string;
  label: string;
  valueText: string;
}

/**
 * A chart's numbers as a table, behind a "Show as table" disclosure: one row per category, each value
 * written as the chart's tooltip writes it. For whoever reads numbers more easily than bars, a screen
 * reader's table commands, and a phone where a tooltip at a time is slow going.
 */
export function ChartTable({
  label,
  rows,
  categoryHeader,
  valueHeader,
}: {
  label: string;
  rows: readonly ChartTableRow[];
  categoryHeader: string;
  valueHeader: string;
}) {
  return (
    <details className={styles.tableDetails}>
      <summary className={styles.tableSummary}>
        Show as table<span className={visuallyHidden}>: {label}</span>
      </summary>
      <table className={tableStyles.table} aria-label={label}>
        <thead>
          <tr>
            <th scope="col" className={tableStyles.th}>
              {categoryHeader}
            </th>
            <th scope="col" className={`${tableStyles.th} ${styles.numberCell}`}>
              {valueHeader}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row" className={`${tableStyles.td} ${styles.rowHeader}`}>
                {r.label}
              </th>
              <td className={`${tableStyles.td} ${styles.numberCell}`}>{r.valueText}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
