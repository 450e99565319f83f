-- The broker admin's workspace, part 2 (issue 12): announcements from provider staff and who has
-- read them, and the brokerage's email settings (which emails go to which addresses).

-- An announcement is general on purpose (the staff editor of issue 15 writes these rows): an
-- audience (every brokerage, one brokerage, or the brokerages of one product family), a window
-- (publish_at, optional expires_at), a status and a priority that styles the banner.
create table announcements (
  id serial primary key,
  title text not null,
  body text not null,
  audience text not null default 'ALL_BROKERAGES' check (audience in ('ALL_BROKERAGES', 'BROKERAGE', 'PRODUCT_FAMILY')),
  brokerage_id integer references brokerages (id) on delete cascade,
  product_family text,
  priority text not null default 'NORMAL' check (priority in ('NORMAL', 'HIGH')),
  status text not null default 'DRAFT' check (status in ('DRAFT', 'PUBLISHED', 'ARCHIVED')),
  publish_at timestamptz not null,
  expires_at timestamptz,
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (audience <> 'BROKERAGE' or brokerage_id is not null),
  check (audience <> 'PRODUCT_FAMILY' or product_family is not null),
  check (expires_at is null or expires_at > publish_at)
);
create index announcements_live_idx on announcements (status, publish_at desc, id desc);
create index announcements_brokerage_idx on announcements (brokerage_id) where brokerage_id is not null;

-- Read state per user, kept on the server so a read on one device is a read on every device.
create table announcement_reads (
  announcement_id integer not null references announcements (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  read_at timestamptz not null,
  primary key (user_id, announcement_id)
);

-- One row per (template, address): the brokerage receives that email at that address.
create table email_settings (
  id serial primary key,
  brokerage_id integer not null references brokerages (id) on delete cascade,
  template text not null,
  email text not null,
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (brokerage_id, template, email)
);

-- My Notifications filters by type and agent within one brokerage, newest first.
create index agent_notifications_brokerage_type_idx on agent_notifications (brokerage_id, type, sent desc);

-- My Metrics: one brokerage's referrals by month of receipt and of sale, as index-only scans.
create index referrals_metrics_created_idx on referrals (brokerage_id, created_at) include (stage, first_response_at);
create index referrals_metrics_sale_idx on referrals (brokerage_id, date_of_sale) include (sale_price_cents) where stage in ('CLOSED', 'LEASED');
