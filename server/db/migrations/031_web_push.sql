-- Web Push (issue 38). A browser's push subscription belongs to one user: the endpoint is unique, so
-- a phone that another user signs in on later moves to them. It remembers the sign-in (refresh-token
-- family) that registered it: revoking that family (logout, a stolen token reused) drops it.
create table push_subscriptions (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  family_id text,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now()
);
create index push_subscriptions_user on push_subscriptions (user_id);
create index push_subscriptions_family on push_subscriptions (family_id);

-- Every API process hears every event; the first to insert an event's row here pushes it, the
-- others find it taken (insert ... on conflict do nothing returning), so no phone is told twice.
create table push_deliveries (
  event_id bigint primary key,
  claimed_at timestamptz not null default now()
);

-- Demo mode only: the VAPID key pair generated on first use, shared by every process (one row).
-- Outside demo mode the keys come from the environment and this table stays empty.
create table push_vapid_keys (
  id integer primary key check (id = 1),
  public_key text not null,
  private_key text not null,
  created_at timestamptz not null default now()
);
