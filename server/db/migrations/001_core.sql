-- Core schema: identity, organisations, agents, the referral pipeline, outbox and audit.
-- Times are timestamptz (stored UTC); money is whole cents in bigint.

create table roles (
  id serial primary key,
  name text not null unique,
  type text not null check (type in ('PORCHLIGHT_ROLE', 'LOAN_OFFICE_ROLE', 'BROKER_ROLE'))
);

create table brokerages (
  id serial primary key,
  name text not null,
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'PAUSED', 'HIDDEN')),
  product_family text not null default 'PORCHLIGHT'
    check (product_family in ('COMBINED', 'PORCHLIGHT', 'LEAD_GENIUS')),
  email text,
  phone text,
  city text,
  state text,
  boost_enabled boolean not null default false,
  boost_percentage integer not null default 0,
  quarterly_cap integer not null default 0,
  created_at timestamptz not null default now()
);
create index brokerages_name_idx on brokerages (lower(name));

create table loan_offices (
  id serial primary key,
  name text not null,
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'PAUSED', 'HIDDEN')),
  email text,
  phone text,
  created_at timestamptz not null default now()
);

create table loan_officers (
  id serial primary key,
  loan_office_id integer not null references loan_offices (id),
  first_name text not null,
  last_name text not null,
  email text,
  phone text,
  nmls text,
  created_at timestamptz not null default now()
);
create index loan_officers_office_idx on loan_officers (loan_office_id, last_name);

create table agents (
  id serial primary key,
  brokerage_id integer not null references brokerages (id),
  first_name text,
  last_name text,
  email text,
  phone text,
  status text not null default 'ACTIVE' check (status in
    ('UNSIGNED', 'INVITED', 'ACTIVE', 'PAUSED', 'DEACTIVATED', 'ADMIN_HOLD', 'IN_TRAINING', 'DELETED')),
  display_score numeric(5, 4),
  agent_desktop_last_accessed timestamptz,
  created_at timestamptz not null default now()
);
create index agents_brokerage_idx on agents (brokerage_id, last_name, first_name);
create index agents_name_idx on agents (lower(last_name), lower(first_name));

create table users (
  id serial primary key,
  email text unique,
  phone text unique,
  first_name text,
  last_name text,
  password_hash text,
  password_expired boolean not null default false,
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'INVITED', 'DISABLED')),
  broker_id integer references brokerages (id),
  loan_office_id integer references loan_offices (id),
  agent_id integer references agents (id),
  psi_last_login timestamptz,
  created_at timestamptz not null default now(),
  check (email is not null or phone is not null)
);
create index users_broker_idx on users (broker_id);
create index users_loan_office_idx on users (loan_office_id);

create table user_roles (
  user_id integer not null references users (id) on delete cascade,
  role_id integer not null references roles (id),
  position integer not null default 0, -- the first role (lowest position) is the primary one
  primary key (user_id, role_id)
);

-- Refresh tokens rotate: each use replaces the token with a new one of the same family.
-- Presenting a token that was already rotated revokes the whole family (theft detection).
create table refresh_tokens (
  id serial primary key,
  token_hash text not null unique,
  family_id text not null,
  user_id integer not null references users (id) on delete cascade,
  client_id text not null,
  stay_logged_in boolean not null default false,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  rotated_at timestamptz,
  revoked_at timestamptz
);
create index refresh_tokens_family_idx on refresh_tokens (family_id);

create table access_tokens (
  token_hash text primary key,
  user_id integer not null references users (id) on delete cascade,
  family_id text not null,
  client_id text not null,
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index access_tokens_family_idx on access_tokens (family_id);

create table sign_in_failures (
  id serial primary key,
  scope text not null, -- 'account:<identifier>' or 'address:<ip>'
  created_at timestamptz not null default now()
);
create index sign_in_failures_scope_idx on sign_in_failures (scope, created_at);

create table app_versions (
  id serial primary key,
  env text not null,
  device_type text not null check (device_type in ('IOS', 'ANDROID')),
  version text not null,
  unique (env, device_type)
);

create table lead_suppliers (
  id serial primary key,
  name text not null unique
);

-- A lead as it arrives (IRIS / LeadGenius or the Porchlight referral desk) and its qualification.
create table opportunities (
  id serial primary key,
  brokerage_id integer not null references brokerages (id),
  agent_id integer references agents (id),
  supplier_id integer references lead_suppliers (id),
  product text not null check (product in ('PORCHLIGHT', 'LEAD_GENIUS')),
  lead_type text not null default 'NEW' check (lead_type in ('NEW', 'AGED')),
  type text not null check (type in ('BUYER', 'SELLER')),
  client_type text,
  status text not null,
  contact_first text,
  contact_last text,
  contact_phone text,
  contact_email text,
  cosigner_first text,
  cosigner_last text,
  phone_count integer not null default 0,
  sms_count integer not null default 0,
  referring_website text,
  responded boolean not null default false,
  qualified boolean not null default false,
  created_at timestamptz not null default now(),
  assigned_at timestamptz,
  updated_at timestamptz not null default now()
);
create index opportunities_brokerage_idx on opportunities (brokerage_id, created_at desc);
create index opportunities_brokerage_assigned_idx on opportunities (brokerage_id, assigned_at desc);
create index opportunities_status_idx on opportunities (status);

create table referrals (
  id serial primary key,
  agent_id integer not null references agents (id),
  brokerage_id integer not null references brokerages (id),
  opportunity_id integer references opportunities (id),
  product text not null default 'PORCHLIGHT' check (product in ('PORCHLIGHT', 'LEAD_GENIUS')),
  type text not null check (type in ('BUYER', 'SELLER', 'RENTAL')),
  stage text not null check (stage in ('AWAITING_FOLLOWUP', 'SPOKEN_WITH', 'SHOWN_HOMES',
    'MET_WITH_SELLER', 'OFFER_MADE', 'LISTED_HOME', 'UNDER_CONTRACT', 'CLOSED', 'LEASED',
    'LONG_TERM_HOLD', 'REMOVED')),
  prospect_first text,
  prospect_last text,
  prospect_phone text,
  prospect_email text,
  price_cents bigint,
  date_of_sale date,
  sale_price_cents bigint,
  removal_reason text,
  first_response_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index referrals_agent_idx on referrals (agent_id, updated_at);
create index referrals_brokerage_idx on referrals (brokerage_id, stage);
create index referrals_brokerage_created_idx on referrals (brokerage_id, created_at desc);

create table referral_events (
  id serial primary key,
  referral_id integer not null references referrals (id) on delete cascade,
  type text not null,
  from_stage text,
  to_stage text,
  detail text,
  actor_user_id integer references users (id),
  idempotency_key text unique,
  created_at timestamptz not null default now()
);
create index referral_events_referral_idx on referral_events (referral_id, created_at desc);

create table referral_notes (
  id serial primary key,
  referral_id integer not null references referrals (id) on delete cascade,
  author_user_id integer references users (id),
  body text not null,
  idempotency_key text unique,
  created_at timestamptz not null default now()
);
create index referral_notes_referral_idx on referral_notes (referral_id, created_at desc);

-- Every email and SMS the platform would send; readable at /dev/outbox in demo mode.
create table outbox (
  id serial primary key,
  channel text not null check (channel in ('EMAIL', 'SMS')),
  recipient text not null,
  subject text,
  body text not null,
  created_at timestamptz not null default now()
);

create table audit_log (
  id serial primary key,
  actor_user_id integer references users (id),
  as_user_id integer references users (id),
  action text not null,
  detail text,
  created_at timestamptz not null default now()
);
create index audit_log_created_idx on audit_log (created_at desc);
