-- Staff console (issue 5): the do-not-call list, notes, admin holds, coverage areas,
-- opportunity notes, interactions and dispositions.

-- Values are normalised before they are stored: phones as +1 and ten digits, emails lowercased.
create table dnc_contacts (
  id serial primary key,
  type text not null check (type in ('PHONE', 'EMAIL')),
  value text not null,
  -- The value backwards, so that an index finds values by their end (last digits, email domain).
  value_reversed text not null generated always as (reverse(value)) stored,
  owner_type text not null default 'PORCHLIGHT',
  channel text,
  disposition text,
  blocked boolean not null default false,
  created timestamptz not null default now()
);
create unique index dnc_contacts_type_value_idx on dnc_contacts (type, value);
-- Search matches the start or the end of a value (phone prefix / last digits, email name / domain).
-- With id and blocked included, a search is index-only scans: a domain matching thousands of
-- contacts is counted without reading the table. pg_trgm would match any substring, but PGlite
-- loads it only when openDatabase passes the extension (server/db/database.ts).
create index dnc_contacts_value_prefix_idx on dnc_contacts (value text_pattern_ops) include (id, blocked);
create index dnc_contacts_value_suffix_idx on dnc_contacts (value_reversed text_pattern_ops) include (id, blocked);
create index dnc_contacts_blocked_idx on dnc_contacts (id) where blocked;

-- Row counts per block of 1024 ids (id >> 10), kept by statement triggers. The list is ordered by
-- id (newest first), so a total is a sum over ~1,000 rows at a million contacts, and a deep page
-- starts inside one block instead of skipping half a million index entries.
-- Trigger bodies are single-quoted on one line because migrate.ts splits at line-ending semicolons.
create table dnc_buckets (
  bucket integer primary key,
  total integer not null default 0,
  blocked integer not null default 0
);

create function dnc_buckets_on_insert() returns trigger language plpgsql as 'begin insert into dnc_buckets as b (bucket, total, blocked) select n.id >> 10, count(*), count(*) filter (where n.blocked) from new_rows n group by 1 on conflict (bucket) do update set total = b.total + excluded.total, blocked = b.blocked + excluded.blocked; return null; end';

create function dnc_buckets_on_delete() returns trigger language plpgsql as 'begin insert into dnc_buckets as b (bucket, total, blocked) select o.id >> 10, -count(*), -count(*) filter (where o.blocked) from old_rows o group by 1 on conflict (bucket) do update set total = b.total + excluded.total, blocked = b.blocked + excluded.blocked; return null; end';

create function dnc_buckets_on_update() returns trigger language plpgsql as 'begin insert into dnc_buckets as b (bucket, total, blocked) select d.bucket, 0, sum(d.delta) from (select n.id >> 10 as bucket, n.blocked::int as delta from new_rows n union all select o.id >> 10, -(o.blocked::int) from old_rows o) d group by d.bucket having sum(d.delta) <> 0 on conflict (bucket) do update set blocked = b.blocked + excluded.blocked; return null; end';

create trigger dnc_contacts_buckets_insert after insert on dnc_contacts
  referencing new table as new_rows for each statement execute function dnc_buckets_on_insert();
create trigger dnc_contacts_buckets_delete after delete on dnc_contacts
  referencing old table as old_rows for each statement execute function dnc_buckets_on_delete();
create trigger dnc_contacts_buckets_update after update on dnc_contacts
  referencing old table as old_rows new table as new_rows for each statement execute function dnc_buckets_on_update();

create table broker_notes (
  id serial primary key,
  brokerage_id integer not null references brokerages (id),
  author_user_id integer references users (id),
  body text not null,
  created_at timestamptz not null default now()
);
create index broker_notes_brokerage_idx on broker_notes (brokerage_id, created_at desc);

create table agent_notes (
  id serial primary key,
  agent_id integer not null references agents (id),
  author_user_id integer references users (id),
  body text not null,
  created_at timestamptz not null default now()
);
create index agent_notes_agent_idx on agent_notes (agent_id, created_at desc);

create table admin_hold_reasons (
  id serial primary key,
  name text not null unique,
  active boolean not null default true
);

-- status_before: the agent's status when the first hold was placed, restored when the last is lifted.
create table agent_admin_holds (
  id serial primary key,
  agent_id integer not null references agents (id),
  reason_id integer not null references admin_hold_reasons (id),
  status_before text not null,
  created_by integer references users (id),
  created_at timestamptz not null default now(),
  unique (agent_id, reason_id)
);

create table agent_coverage_areas (
  id serial primary key,
  agent_id integer not null references agents (id),
  zip text check (zip ~ '^[0-9]{5}$'),
  city text,
  state text check (state ~ '^[A-Z]{2}$'),
  created_at timestamptz not null default now(),
  check (zip is not null or (city is not null and state is not null))
);
create unique index agent_coverage_areas_unique_idx
  on agent_coverage_areas (agent_id, coalesce(zip, ''), lower(coalesce(city, '')), coalesce(state, ''));

create table opportunity_notes (
  id serial primary key,
  opportunity_id integer not null references opportunities (id),
  author_user_id integer references users (id),
  body text not null,
  created_at timestamptz not null default now()
);
create index opportunity_notes_opportunity_idx on opportunity_notes (opportunity_id, created_at desc);

create table dispositions (
  id serial primary key,
  category text not null,
  name text not null,
  unique (category, name)
);

create table interactions (
  id serial primary key,
  opportunity_id integer not null references opportunities (id),
  type text not null check (type in ('CALL', 'SMS', 'EMAIL')),
  direction text not null check (direction in ('INBOUND', 'OUTBOUND')),
  disposition_id integer references dispositions (id),
  user_id integer references users (id),
  duration_seconds integer,
  summary text,
  created_at timestamptz not null default now()
);
create index interactions_opportunity_idx on interactions (opportunity_id, created_at desc);

create index referrals_opportunity_idx on referrals (opportunity_id);
create index audit_log_action_idx on audit_log (action, created_at desc);
