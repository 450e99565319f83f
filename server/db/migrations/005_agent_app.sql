-- The agent's phone app: agent notifications, referral reassignments and idempotent writes.

create table agent_notifications (
  id serial primary key,
  agent_id integer not null references agents (id),
  brokerage_id integer not null references brokerages (id),
  type text not null check (type in ('UNDER_CONTRACT_1_DAY_PAST', 'OVERDUE_REFERRAL_REMINDER', 'LONG_TERM_HOLD',
    'NEW_REFERRAL', 'MISSED_REFERRAL', 'NEW_ACCEPTED_REFERRAL', 'FORCE_ASSIGNED_REFERRAL', 'TEST_NEW_REFERRAL')),
  referral_id integer references referrals (id) on delete set null,
  referral_name text,
  title text not null,
  text text not null,
  sent timestamptz not null default now()
);
create index agent_notifications_brokerage_idx on agent_notifications (brokerage_id, sent desc);
create index agent_notifications_agent_idx on agent_notifications (agent_id, sent desc);

-- Who a referral was taken from: an agent's write replayed after the move is refused with a reason.
create table referral_reassignments (
  id serial primary key,
  referral_id integer not null references referrals (id) on delete cascade,
  from_agent_id integer not null references agents (id),
  to_agent_id integer not null references agents (id),
  actor_user_id integer references users (id),
  created_at timestamptz not null default now()
);
create index referral_reassignments_idx on referral_reassignments (referral_id, from_agent_id);

-- The answer to a write sent with an Idempotency-Key, per signed-in user: a replay of the same
-- request gets it back; the same key with another request is refused (422).
create table idempotent_requests (
  user_id integer not null references users (id) on delete cascade,
  key text not null,
  fingerprint text not null,
  status integer not null,
  response text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
