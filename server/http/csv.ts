import { csvRow, type CsvValue } from '../../src/lib/csv.ts';
import type { Db } from '../db/database.ts';
import type { AppContext } from './route.ts';

export { csvCell, csvRow, type CsvValue } from '../../src/lib/csv.ts';

export interface CsvExport<R> {
  /** Column titles, in the order `cells` returns values. */
  header: readonly string[];
  /** One batch after the cursor (undefined for the first), in cursor order; an empty batch ends. */
  batch: (after: number | undefined, size: number) => Promise<R[]>;
  cursor: (row: R) => number;
  cells: (row: R) => readonly CsvValue[];
  /** Called once with the row count when the last batch is written. */
  onDone?: (rows: number) => Promise<void>;
}

export const CSV_BATCH = 1000; // rows per keyset query: few round trips, little memory

/**
 * The whole result as a stream: a keyset-paged loop (never OFFSET), one batch per pull, so memory
 * stays flat and the first bytes leave before the last rows are read.
 */
export function csvStream<R>(spec: CsvExport<R>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: number | undefined;
  let count = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          // The byte-order mark makes spreadsheet programs read the file as UTF-8.
          controller.enqueue(encoder.encode(`\uFEFF${csvRow(spec.header)}`));
          return;
        }
        const rows = await spec.batch(after, CSV_BATCH);
        if (rows.length === 0) {
          await spec.onDone?.(count);
          controller.close();
          return;
        }
        count += rows.length;
        after = spec.cursor(rows[rows.length - 1]!);
        controller.enqueue(encoder.encode(rows.map((r) => csvRow(spec.cells(r))).join('')));
        if (rows.length < CSV_BATCH) {
          await spec.onDone?.(count);
          controller.close();
        }
      } catch (err) {
        controller.error(err);
      }
    },
  });
}

/**
 * Answers an export: records it in audit_log (action EXPORT, the real actor and the impersonated
 * user), then streams the file. The audit row's detail gains the row count when the stream ends.
 */
export async function csvResponse<R>(
  c: AppContext,
  name: string,
  filters: Record<string, unknown>,
  spec: CsvExport<R>,
): Promise<Response> {
  const { actor, user, impersonating } = c.get('auth');
  const now = c.get('now')();
  const given = Object.entries(filters)
    .filter(([, val]) => val !== undefined && val !== '')
    .map(([k, val]) => `${k}=${String(val)}`);
  const detail = `${name}${given.length ? ` ${given.join(' ')}` : ''}`;
  const db: Db = c.get('db');
  const audit = await db
    .insertInto('audit_log')
    .values({
      actor_user_id: actor.id,
      as_user_id: impersonating ? user.id : null,
      action: 'EXPORT',
      detail,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stream = csvStream({
    ...spec,
    onDone: async (rows) => {
      await db
        .updateTable('audit_log')
        .set({ detail: `${detail} rows=${rows}` })
        .where('id', '=', audit.id)
        .execute();
    },
  });
  const day = now.toISOString().slice(0, 10);
  return c.body(stream, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${name}-${day}.csv"`,
  });
}
