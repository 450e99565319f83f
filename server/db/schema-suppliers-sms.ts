import type { ColumnType, Generated } from 'kysely';

// Kysely types for server/db/migrations/018_staff_admin.sql (suppliers and bulk SMS). Keep in step with the SQL.
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface LeadSupplierZipCodesTable {
  supplier_id: number;
  zip: string;
  created_at: DefaultTimestamp;
}

export interface LeadSupplierLimitsTable {
  id: Generated<number>;
  supplier_id: number;
  brokerage_id: number;
  quarterly_cap: number;
  updated_by: number | null;
  updated_at: DefaultTimestamp;
}

/** sms_job_recipients.reason (its check: 018_staff_admin.sql, DO_NOT_CONTACT added by 030_sms_do_not_contact.sql). */
export type SmsSuppression = 'DNC' | 'DO_NOT_CONTACT' | 'INVALID' | 'DUPLICATE' | 'QUIET_HOURS';

export interface SmsJobsTable {
  id: Generated<number>;
  idempotency_key: string;
  created_by: number;
  brokerage_id: number | null;
  message: string;
  criteria: string;
  status: 'RUNNING' | 'DONE';
  total: number;
  created_at: DefaultTimestamp;
  finished_at: Timestamp | null;
}

export interface SmsJobRecipientsTable {
  job_id: number;
  position: number;
  phone: string;
  opportunity_id: number | null;
  body: string | null;
  status: 'PENDING' | 'SENT' | 'SUPPRESSED';
  reason: SmsSuppression | null;
  sent_at: Timestamp | null;
}

export interface SuppliersSmsTables {
  lead_supplier_zip_codes: LeadSupplierZipCodesTable;
  lead_supplier_limits: LeadSupplierLimitsTable;
  sms_jobs: SmsJobsTable;
  sms_job_recipients: SmsJobRecipientsTable;
}
