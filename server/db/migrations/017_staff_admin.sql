-- Staff administration, part 1 (issue 15): user management (flex attributes, the audit of a
-- user's changes) and the staff announcements editor over the announcements of 012.

-- Flex attributes: definitions staff manage centrally, and at most one value per user each.
create table flex_attributes (
  id serial primary key,
  name text not null unique check (name ~ '^[a-z][a-z0-9_]{0,39}$'),
  label text not null,
  type text not null check (type in ('TEXT', 'NUMBER', 'BOOLEAN', 'DATE', 'SELECT')),
  options text, -- SELECT only: the allowed values, one per line
  required boolean not null default false,
  position integer not null default 0,
  created_at timestamptz not null default now(),
  check ((type = 'SELECT') = (options is not null))
);

create table user_flex_attributes (
  user_id integer not null references users (id) on delete cascade,
  attribute_id integer not null references flex_attributes (id) on delete cascade,
  value text not null,
  updated_by integer references users (id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (user_id, attribute_id)
);

-- The audit names the user a change was made to, so a user's page lists its history.
alter table audit_log add column target_user_id integer references users (id);
create index audit_log_target_idx on audit_log (target_user_id, created_at desc) where target_user_id is not null;


-- Announcements reach loan offices and agents too; "chosen brokerages" is a list, not one id.
-- brokerage_id now names the brokerage that owns the announcement (a broker admin's own,
-- to their agents); staff announcements have none.
alter table announcements drop constraint announcements_audience_check;
alter table announcements add constraint announcements_audience_check
  check (audience in ('ALL_BROKERAGES', 'BROKERAGE', 'PRODUCT_FAMILY', 'LOAN_OFFICES', 'AGENTS'));
alter table announcements drop constraint announcements_check;

create table announcement_brokerages (
  announcement_id integer not null references announcements (id) on delete cascade,
  brokerage_id integer not null references brokerages (id) on delete cascade,
  primary key (announcement_id, brokerage_id)
);
create index announcement_brokerages_brokerage_idx on announcement_brokerages (brokerage_id, announcement_id);

insert into announcement_brokerages (announcement_id, brokerage_id)
  select id, brokerage_id from announcements where audience = 'BROKERAGE' and brokerage_id is not null;
update announcements set brokerage_id = null where audience = 'BROKERAGE';

create index announcement_reads_announcement_idx on announcement_reads (announcement_id);
