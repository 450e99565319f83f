-- The event outbox (issue 38): every change people should hear of (a referral assigned, reassigned,
-- accepted or moved, a note, an agent notification, an announcement) is written here in the same
-- transaction as the change, then delivered after commit by every API process (server/events/):
-- a NOTIFY carries only the id, each process reads the rows past the last id it has seen.
-- Ids are handed out in commit order (recordEvent takes a transaction-scoped advisory lock before
-- inserting), so "id > the last one seen" misses nothing, across processes and on resume.
-- Who may hear an event: the roles admitted (audience_roles), each within its tenant column:
-- a brokerage's roles by brokerage_id, an agent by agent_id, a loan office's by loan_office_id;
-- staff roles see every tenant.
create table events (
  id bigserial primary key,
  type text not null,
  payload jsonb not null default '{}',
  audience_roles text[] not null,
  brokerage_id integer,
  agent_id integer,
  loan_office_id integer,
  created_at timestamptz not null default now()
);
create index events_created_idx on events (created_at);
