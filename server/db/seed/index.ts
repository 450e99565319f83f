import { sql } from 'kysely';

import { processLog } from '../../observability/logger.ts';
import type { Db } from '../database.ts';
import { seedAgentApp } from './agent-app.ts';
import { seedAssignmentsContent } from './assignments-content.ts';
import { seedAuthFlows } from './auth-flows.ts';
import { seedBrokerAdmin, seedInvitationHistory } from './broker-admin.ts';
import { seedBrokerWorkspace } from './broker-workspace.ts';
import { seedBrokerageSetup } from './brokerage-setup.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedCore, type SeedContext } from './core.ts';
import { seedLenderConsole } from './lender-console.ts';
import { seedPipeline } from './pipeline.ts';
import { seedSmsHistory } from './sms-history.ts';
import { seedStaffAdmin } from './staff-admin.ts';
import { seedStaffReview } from './staff-review.ts';
import { seedStaff } from './staff.ts';
import { seedSuppliersSms } from './suppliers-sms.ts';

/**
 * Seeders run in this order on an empty database. A later issue adds its demo rows by
 * appending a seeder here (each gets the ids of the core seed).
 */
const SEEDERS: ((ctx: SeedContext) => Promise<void>)[] = [
  seedPipeline,
  seedStaff,
  seedAgentApp,
  seedAuthFlows,
  seedBrokerWorkspace,
  seedLenderConsole,
  seedBrokerAdmin,
  seedAssignmentsContent,
  seedStaffAdmin,
  seedInvitationHistory,
  seedSuppliersSms,
  seedStaffReview,
  seedSmsHistory,
  seedBrokerageSetup,
  seedCatalogue,
];

export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * A large seed loads into tables without their secondary indexes: every index that backs no
 * constraint (primary keys and unique constraints stay, the seeders' upserts rely on them) is dropped
 * before the load and built again after it, then ANALYZE. Building an index once over the loaded
 * rows is several times cheaper than keeping it through every insert and update of the load.
 * Scale 1 (the tests' and the demo's seed) keeps its indexes: its rows are few.
 */
export const BULK_SEED_FROM_SCALE = 10;
const ANALYZE_AFTER = new Set([seedPipeline, seedStaff]);

/** Tables the seed reads one row at a time (the assignment rule engine's coverage lookups) keep their indexes. */
const KEEP_INDEXES_OF = ['agent_coverage_areas'];

/** The definitions of the secondary indexes of the public schema (none backing a constraint), in a fixed order. */
async function secondaryIndexes(db: Db): Promise<{ name: string; definition: string }[]> {
  const result = await sql<{ name: string; definition: string }>`
    select i.relname as name, pg_get_indexdef(i.oid) as definition
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public'
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
      and t.relname <> all(${KEEP_INDEXES_OF})
    order by i.relname`.execute(db);
  return result.rows;
}

/**
 * Counts kept by row triggers (migrations 025, 026, 028, 054 to 057, 059, 061 and 066): a bulk load would run each trigger once
 * per row, every one updating the same few counter rows (a chain of row versions that grows with the
 * load). A large seed disables them and builds each kept table from its rows after the load, with its
 * rebuild function (migration 063: kept_rebuild_<table>(), the one statement of what the table holds).
 */
const KEPT_COUNTS: { table: string; triggers: [table: string, trigger: string][] }[] = [
  {
    table: 'referral_months',
    triggers: [['referrals', 'referral_months_sync']],
  },
  {
    table: 'agent_open_referrals',
    triggers: [['referrals', 'agent_open_referrals_sync']],
  },
  {
    // Sales per agent and year (migration 066, decision 0127).
    table: 'agent_sale_years',
    triggers: [['referrals', 'agent_sale_years_sync']],
  },
  {
    // Kept by the same trigger as agent_open_referrals (migration 054), disabled and enabled above.
    table: 'brokerage_open_referrals',
    triggers: [],
  },
  {
    table: 'contact_center_task_counts',
    triggers: [['contact_center_tasks', 'contact_center_task_counts_sync']],
  },
  {
    table: 'content_item_counts',
    triggers: [['content_items', 'content_item_counts_sync']],
  },
  {
    table: 'lender_referral_counts',
    triggers: [['lender_referrals', 'lender_referral_counts_sync']],
  },
  {
    // Kept by the same trigger as lender_referral_counts (migration 057), disabled and enabled with it.
    table: 'lender_referral_closed_months',
    triggers: [],
  },
  {
    // Who is in which announcement audience, and their counts (migration 059): members first.
    table: 'announcement_audience_members',
    triggers: [
      ['users', 'announcement_audience_user_sync'],
      ['users', 'announcement_audience_user_change'], // migration 060
      ['user_roles', 'announcement_audience_role_sync'],
      ['agents', 'announcement_audience_agent_sync'],
    ],
  },
  {
    table: 'announcement_audience_counts',
    triggers: [],
  },
  {
    // The brokerage-wide lead and referral figures (migration 061, decision 0123).
    table: 'opportunity_counts',
    triggers: [
      ['opportunities', 'opportunity_counts_sync'],
      ['opportunities', 'opportunity_counts_change'],
    ],
  },
  {
    // Kept by the same trigger as opportunity_counts.
    table: 'opportunity_days',
    triggers: [],
  },
  {
    table: 'referral_stage_counts',
    triggers: [
      ['referrals', 'referral_stage_counts_sync'],
      ['referrals', 'referral_stage_counts_change'],
    ],
  },
  {
    // Kept by the same trigger as referral_stage_counts.
    table: 'referral_days',
    triggers: [],
  },
  {
    table: 'dnc_buckets',
    triggers: [
      ['dnc_contacts', 'dnc_contacts_buckets_insert'],
      ['dnc_contacts', 'dnc_contacts_buckets_delete'],
      ['dnc_contacts', 'dnc_contacts_buckets_update'],
    ],
  },
  {
    table: 'qa_review_counts',
    triggers: [['qa_reviews', 'qa_review_counts_sync']],
  },
];

/**
 * Columns kept on a row from another table's by row triggers (migration 058: a lender referral's buyer
 * from its opportunity). A bulk load without triggers (the replica path) fills them after the load, in
 * one statement each; the checked path ran the triggers.
 */
const KEPT_COLUMNS: string[] = [
  `update lender_referrals lr
      set buyer_sort = lender_buyer_sort(op.contact_first, op.contact_last),
          buyer_search = lender_buyer_search(op.contact_first, op.contact_last, op.contact_email, op.contact_phone)
     from opportunities op
    where op.id = lr.opportunity_id`,
];

export interface SeedTimings {
  /** Seconds per phase: dropping indexes, each seeder by name, building indexes, analyze. */
  phases: { name: string; seconds: number }[];
  /** How a bulk load ran: without row checks (a superuser), or with them (any other owner). */
  loadPath?: 'replica' | 'checked';
}

const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Foreign keys are checked by a trigger per row and constraint, which is most of a bulk insert's cost;
 * the seed writes consistent rows by construction (the default seed, loaded with every check on, is
 * what the tests run on). Replication role "replica" skips those checks and every trigger for this
 * transaction. It needs a superuser (a throwaway benchmark server, PGlite); a managed PostgreSQL's
 * owner role is refused, and the load then runs with its checks and triggers as they are: slower,
 * and still correct. Any other error is the seed's to fail on.
 */
async function skipRowChecks(trx: Db): Promise<'replica' | 'checked'> {
  await sql`savepoint bulk_role`.execute(trx);
  try {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`release savepoint bulk_role`.execute(trx);
    return 'replica';
  } catch (error) {
    if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE) throw error;
    await sql`rollback to savepoint bulk_role`.execute(trx);
    return 'checked';
  }
}

export async function seed(
  db: Db,
  {
    now = new Date(),
    scale = 1,
    timings,
    bulk = scale >= BULK_SEED_FROM_SCALE,
  }: {
    now?: Date;
    scale?: number;
    timings?: SeedTimings;
    /** The bulk load (indexes built after, row checks skipped when permitted): from BULK_SEED_FROM_SCALE unless told. */
    bulk?: boolean;
  } = {},
): Promise<SeedContext> {
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    timings?.phases.push({ name, seconds: (performance.now() - started) / 1000 });
    return result;
  };
  const ctx = await db.transaction().execute(async (trx) => {
    const indexes = bulk ? await secondaryIndexes(trx) : [];
    if (bulk)
      await phase('drop indexes', async () => {
        for (const i of indexes) await sql.raw(`drop index "${i.name}"`).execute(trx);
      });
    let loadPath: SeedTimings['loadPath'];
    if (bulk) {
      loadPath = await skipRowChecks(trx);
      if (timings) timings.loadPath = loadPath;
      processLog().info(
        { scale, loadPath },
        loadPath === 'replica'
          ? 'seed: bulk load without foreign-key checks and triggers (session_replication_role = replica)'
          : 'seed: bulk load with foreign-key checks and triggers on (session_replication_role needs a superuser)',
      );
      for (const kept of KEPT_COUNTS) {
        for (const [table, trigger] of kept.triggers)
          await sql.raw(`alter table "${table}" disable trigger "${trigger}"`).execute(trx);
      }
    }
    const ctx = await phase('core', () => seedCore(trx, now, scale));
    for (const seeder of SEEDERS) {
      await phase(seeder.name, () => seeder({ ...ctx, db: trx }));
      // The later seeders join the large tables these load: planner statistics first, or a join
      // planned for empty tables runs as nested loops over hundreds of thousands of rows.
      if (bulk && ANALYZE_AFTER.has(seeder))
        await phase(`analyze after ${seeder.name}`, () => sql`analyze`.execute(trx));
    }
    if (bulk) {
      await phase('kept counts', async () => {
        for (const kept of KEPT_COUNTS) {
          await sql.raw(`select kept_rebuild_${kept.table}()`).execute(trx);
          for (const [table, trigger] of kept.triggers)
            await sql.raw(`alter table "${table}" enable trigger "${trigger}"`).execute(trx);
        }
        // With row checks on, the columns' triggers fired as the rows went in: nothing to fill.
        if (loadPath === 'replica') for (const statement of KEPT_COLUMNS) await sql.raw(statement).execute(trx);
      });
      await phase('build indexes', async () => {
        for (const i of indexes) await sql.raw(i.definition).execute(trx);
      });
    }
    return ctx;
  });
  // VACUUM too: the loaded tables' visibility maps are empty until a vacuum, and without them the
  // planner prices an index-only count like an index scan and reads a brokerage's leads by a
  // sequential scan instead (a live server's autovacuum would get there, later).
  if (bulk) {
    await phase('vacuum analyze', () => sql`vacuum analyze`.execute(db));
    // At 1,000x that pass left some tables (referrals, agents, users, their roles) without visible pages,
    // so their index-only counts fetched every row from the heap (a 4,000-row count read 50,000 heap
    // tuples). A table left under nine tenths visible is vacuumed once more, by name.
    const unmarked = (
      await sql<{ name: string }>`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r' and c.relpages > 100 and c.relallvisible < c.relpages * 0.9`.execute(
        db,
      )
    ).rows.map((r) => r.name);
    if (unmarked.length > 0) {
      processLog().info({ tables: unmarked }, 'seed: vacuuming again the tables the first pass left unmarked');
      await phase('vacuum again', async () => {
        for (const name of unmarked) await sql`vacuum ${sql.table(name)}`.execute(db);
      });
    }
  }
  return ctx;
}
