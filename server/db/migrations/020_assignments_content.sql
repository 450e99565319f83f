-- Issue 16 (second half): agent assignments that explain themselves, ZIP geography, and the
-- platform's content items (SMS/email templates, call scripts) with versions and audiences.

-- Geography: a ZIP code's city, state and market (spec 2 section 7: zipCodes/{zip}, markets).
create table markets (
  id serial primary key,
  name text not null unique
);

create table zip_codes (
  zip text primary key check (zip ~ '^[0-9]{5}$'),
  city text not null,
  state text not null check (state ~ '^[A-Z]{2}$'),
  market_id integer references markets (id)
);

-- Where a lead is; assignment matches it against coverage and excluded areas.
alter table opportunities add column zip text;

-- An agent's excluded ZIP codes (never receives referrals there, even inside a covered city).
create table agent_excluded_areas (
  id serial primary key,
  agent_id integer not null references agents (id),
  zip text not null check (zip ~ '^[0-9]{5}$'),
  created_at timestamptz not null default now(),
  unique (agent_id, zip)
);
create index agent_excluded_areas_zip_idx on agent_excluded_areas (zip);
create index agent_coverage_areas_zip_idx on agent_coverage_areas (zip);
create index agent_coverage_areas_city_idx on agent_coverage_areas (state, lower(city));

-- An agent who turned an opportunity down; the rule never offers it to them again.
create table opportunity_declines (
  id serial primary key,
  opportunity_id integer not null references opportunities (id),
  agent_id integer not null references agents (id),
  created_at timestamptz not null default now(),
  unique (opportunity_id, agent_id)
);

-- One assignment decision: automatic (the rule chose) or forced (a staff member chose), with the
-- rule's verdict on every candidate at that moment (outcome CHOSEN or SKIPPED, reasons as JSON).
create table agent_assignments (
  id serial primary key,
  opportunity_id integer not null references opportunities (id),
  brokerage_id integer not null references brokerages (id),
  zip text,
  mode text not null check (mode in ('AUTOMATIC', 'FORCED')),
  agent_id integer references agents (id),
  referral_id integer references referrals (id),
  forced_by integer references users (id),
  summary text not null,
  created_at timestamptz not null default now()
);
create index agent_assignments_created_idx on agent_assignments (created_at desc, id desc);
create index agent_assignments_opportunity_idx on agent_assignments (opportunity_id, created_at desc);
create index agent_assignments_zip_idx on agent_assignments (zip, created_at desc);

create table agent_assignment_candidates (
  id serial primary key,
  assignment_id integer not null references agent_assignments (id) on delete cascade,
  agent_id integer not null references agents (id),
  outcome text not null check (outcome in ('CHOSEN', 'SKIPPED')),
  position integer not null,
  reasons text not null default '[]',
  checks text not null default '[]'
);
create index agent_assignment_candidates_assignment_idx on agent_assignment_candidates (assignment_id, position);

-- Content: usages (where a text is used, of one usage type), audiences (the attributes a version
-- targets; null is "any"), items and their versions (the item points at its current version).
create table content_usages (
  id serial primary key,
  name text not null unique,
  usage_type text not null check (usage_type in ('SMS_TEMPLATE', 'EMAIL_TEMPLATE', 'CALL_SCRIPT')),
  description text not null default ''
);

create table content_audiences (
  id serial primary key,
  name text not null unique,
  product text check (product in ('PORCHLIGHT', 'LEAD_GENIUS')),
  lead_type text check (lead_type in ('NEW', 'AGED')),
  client_type text check (client_type in ('BUYER', 'SELLER')),
  state text check (state ~ '^[A-Z]{2}$')
);

create table content_items (
  id serial primary key,
  usage_id integer not null references content_usages (id),
  name text not null,
  current_version integer not null default 1,
  audience_id integer references content_audiences (id),
  priority integer not null default 0,
  active boolean not null default true,
  body text not null,
  subject text,
  updated_at timestamptz not null default now()
);
create index content_items_usage_idx on content_items (usage_id, priority desc, id);
create index content_items_updated_idx on content_items (updated_at desc, id desc);

create table content_item_versions (
  id serial primary key,
  item_id integer not null references content_items (id) on delete cascade,
  version integer not null,
  name text not null,
  audience_id integer references content_audiences (id),
  priority integer not null,
  active boolean not null,
  body text not null,
  subject text,
  note text,
  restored_from integer,
  author_user_id integer references users (id),
  created_at timestamptz not null default now(),
  unique (item_id, version)
);
