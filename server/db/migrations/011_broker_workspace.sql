-- The broker admin's workspace (issue 11): potential agents and their invitations, the brokerage's
-- own notes on its agents, agent questionnaires, and saved list views that follow a user.

-- A person a brokerage wants as an agent. ENROLLED: on the list, not invited yet; INVITE_PENDING:
-- an invitation is out; INVITE_REDEEMED: accepted (agent_id is the new agent); INVITE_DECLINED;
-- INVITE_INVALIDATED: withdrawn by the brokerage. Only the code's hash is kept.
create table potential_agents (
  id serial primary key,
  brokerage_id integer not null references brokerages (id),
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text not null,
  status text not null default 'ENROLLED' check (status in
    ('ENROLLED', 'INVITE_PENDING', 'INVITE_REDEEMED', 'INVITE_DECLINED', 'INVITE_INVALIDATED')),
  invite_code_hash text unique,
  invite_sent_at timestamptz,
  invite_expires_at timestamptz,
  invites_sent integer not null default 0,
  responded_at timestamptz,
  agent_id integer references agents (id),
  created_by integer references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index potential_agents_brokerage_idx on potential_agents (brokerage_id, status, created_at desc, id desc);
create index potential_agents_email_idx on potential_agents (brokerage_id, lower(email));

-- The brokerage's own notes on its agents (the provider's internal agent_notes stay staff-only).
create table brokerage_agent_notes (
  id serial primary key,
  agent_id integer not null references agents (id),
  brokerage_id integer not null references brokerages (id),
  author_user_id integer references users (id),
  body text not null,
  created_at timestamptz not null default now()
);
create index brokerage_agent_notes_agent_idx on brokerage_agent_notes (agent_id, created_at desc, id desc);

-- An agent's coverage and preferences. Lists are JSON arrays in text (portable between PGlite and
-- PostgreSQL without array or jsonb parsing differences); prices are whole dollars of the spec's list.
create table agent_questionnaires (
  agent_id integer primary key references agents (id),
  states text not null default '[]',
  zip_codes text not null default '[]',
  price_min integer,
  price_max integer,
  buyer boolean not null default false,
  seller boolean not null default false,
  rental boolean not null default false,
  languages text not null default '[]',
  years_experience numeric(4, 1),
  updated_by integer references users (id),
  updated_at timestamptz not null default now()
);

-- A named filter and sort of one list, kept for the signed-in person (not the browser).
create table saved_views (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  list text not null,
  name text not null,
  query text not null,
  created_at timestamptz not null default now(),
  unique (user_id, list, name)
);

-- My Referrals: a brokerage's referrals newest update first, and by agent.
create index referrals_brokerage_updated_idx on referrals (brokerage_id, updated_at desc, id desc);
create index referrals_brokerage_agent_idx on referrals (brokerage_id, agent_id, updated_at desc);
