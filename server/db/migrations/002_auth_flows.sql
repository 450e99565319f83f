-- Getting in: invite and password-reset codes with their one-time temporary credential,
-- one-time-password challenges, OAuth authorization codes (PKCE) and quiet rate limits.

-- An INVITE or RESET code. Only hashes are stored: a leaked table opens no account.
-- Validating the code hands out a temporary credential (10 minutes, single use) that the
-- console exchanges for tokens; the code is used only when the new password is set.
create table invites (
  id serial primary key,
  code_hash text not null unique,
  user_id integer not null references users (id) on delete cascade,
  kind text not null check (kind in ('INVITE', 'RESET')),
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_by integer references users (id),
  created_at timestamptz not null default now(),
  temp_hash text unique,
  temp_expires_at timestamptz,
  temp_used_at timestamptz,
  session_family text -- the token family the temporary credential opened
);
create index invites_user_idx on invites (user_id, kind, created_at desc);
create index invites_session_idx on invites (session_family);

-- A phone number entered on the authorisation page and the 6-digit code sent to it.
-- user_id is null for a phone that is not an active agent's (the page looks the same).
create table otp_challenges (
  id serial primary key,
  ref_hash text not null unique,
  phone text not null,
  user_id integer references users (id) on delete cascade,
  code_hash text not null,
  client_id text not null,
  redirect_uri text not null,
  code_challenge text not null,
  state text,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

create table authorization_codes (
  id serial primary key,
  code_hash text not null unique,
  user_id integer not null references users (id) on delete cascade,
  client_id text not null,
  redirect_uri text not null,
  code_challenge text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  family_id text, -- tokens issued from the code; revoked when the code is presented again
  created_at timestamptz not null default now()
);

-- Events counted by the quiet limits (reset emails, OTP sends and failures, code guesses).
create table rate_limit_events (
  id serial primary key,
  scope text not null,
  created_at timestamptz not null default now()
);
create index rate_limit_events_scope_idx on rate_limit_events (scope, created_at);
create index rate_limit_events_created_idx on rate_limit_events (created_at);
