-- Staff administration, part 1 (issue 15, engineer M): lead supplier ZIP coverage and limits,
-- and bulk SMS jobs with their per-recipient evidence.

alter table lead_suppliers add column created_at timestamptz not null default now();

-- A supplier's ZIP coverage: exactly 5 digits (spec 1 section 5), once per supplier.
create table lead_supplier_zip_codes (
  supplier_id integer not null references lead_suppliers (id) on delete cascade,
  zip text not null check (zip ~ '^[0-9]{5}$'),
  created_at timestamptz not null default now(),
  primary key (supplier_id, zip)
);
create index lead_supplier_zip_codes_zip_idx on lead_supplier_zip_codes (zip);

-- How many leads a supplier may deliver to a brokerage per calendar quarter (0 or 99999: no cap).
-- The one source of the brokerage's quarterly cap: the dashboard's Leads Limit and sent-versus-cap
-- widgets read the sum over these rows (server/db/lead-caps.ts); the brokerages column is dropped.
create table lead_supplier_limits (
  id serial primary key,
  supplier_id integer not null references lead_suppliers (id) on delete cascade,
  brokerage_id integer not null references brokerages (id),
  quarterly_cap integer not null check (quarterly_cap between 0 and 99999),
  updated_by integer references users (id),
  updated_at timestamptz not null default now(),
  unique (supplier_id, brokerage_id)
);
create index lead_supplier_limits_brokerage_idx on lead_supplier_limits (brokerage_id, quarterly_cap);

-- An existing database keeps its caps: each moves to the first supplier.
insert into lead_supplier_limits (supplier_id, brokerage_id, quarterly_cap)
  select (select min(id) from lead_suppliers), b.id, b.quarterly_cap from brokerages b
  where b.quarterly_cap > 0 and exists (select 1 from lead_suppliers);
alter table brokerages drop column quarterly_cap;

-- A bulk SMS send: one row per confirmed send, found again by its idempotency key (a retried or
-- reloaded confirm answers the same job and sends nothing twice).
create table sms_jobs (
  id serial primary key,
  idempotency_key text not null unique,
  created_by integer not null references users (id),
  brokerage_id integer references brokerages (id),
  message text not null,
  criteria text not null,
  status text not null check (status in ('RUNNING', 'DONE')),
  total integer not null,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index sms_jobs_created_idx on sms_jobs (created_at desc);

-- Every recipient of a job with its outcome: SENT (with the exact text sent) or SUPPRESSED with a reason.
create table sms_job_recipients (
  job_id integer not null references sms_jobs (id) on delete cascade,
  position integer not null,
  phone text not null,
  opportunity_id integer references opportunities (id),
  body text,
  status text not null check (status in ('PENDING', 'SENT', 'SUPPRESSED')),
  reason text check (reason in ('DNC', 'INVALID', 'DUPLICATE', 'QUIET_HOURS')),
  sent_at timestamptz,
  primary key (job_id, position)
);
create index sms_job_recipients_pending_idx on sms_job_recipients (job_id, position) where status = 'PENDING';

-- The supplier list's leads this quarter and each limit's intake: by supplier and time.
create index opportunities_supplier_idx on opportunities (supplier_id, created_at) include (brokerage_id, product) where supplier_id is not null;
