-- How an agent hears of a new (reassigned, force-assigned) referral and of a broker's reminder:
-- the channels chosen on the agent app's profile (server/messages/agent-notices.ts). No row: the
-- default (new referral by push and text, reminders by push).
create table agent_message_preferences (
  agent_id integer not null references agents (id) on delete cascade,
  kind text not null check (kind in ('NEW_REFERRAL', 'REMINDER')),
  channels text[] not null,
  updated_at timestamptz not null,
  primary key (agent_id, kind)
);
