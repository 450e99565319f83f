import type { Db } from '../database.ts';
import { seedAgentApp } from './agent-app.ts';
import { seedAssignmentsContent } from './assignments-content.ts';
import { seedAuthFlows } from './auth-flows.ts';
import { seedBrokerWorkspace } from './broker-workspace.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedBrokerAdmin, seedInvitationHistory } from './broker-admin.ts';
import { seedCore, type SeedContext } from './core.ts';
import { seedLenderConsole } from './lender-console.ts';
import { seedPipeline } from './pipeline.ts';
import { seedStaff } from './staff.ts';
import { seedStaffAdmin } from './staff-admin.ts';
import { seedSuppliersSms } from './suppliers-sms.ts';
import { seedStaffReview } from './staff-review.ts';
import { seedSmsHistory } from './sms-history.ts';
import { seedBrokerageSetup } from './brokerage-setup.ts';

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

export async function seed(db: Db, { now = new Date(), scale = 1 }: { now?: Date; scale?: number } = {}): Promise<SeedContext> {
  return db.transaction().execute(async (trx) => {
    const ctx = await seedCore(trx, now, scale);
    for (const seeder of SEEDERS) await seeder({ ...ctx, db: trx });
    return ctx;
  });
}
