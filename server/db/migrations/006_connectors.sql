-- Connected services: the Cloze email and calendar connector, stood in for at the boundary
-- (DECISIONS.md). A state is issued when the user starts connecting; the provider's page
-- sends the user back with it and a code; the callback accepts a state once, for its user.
create table connector_states (
  id serial primary key,
  state_hash text not null unique,
  user_id integer not null references users (id) on delete cascade,
  provider text not null,
  redirect_uri text not null,
  code_hash text, -- set when the user allows access on the (stand-in) provider page
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index connector_states_user_idx on connector_states (user_id, created_at desc);

create table connector_connections (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  provider text not null,
  connected_at timestamptz not null,
  unique (user_id, provider)
);
