-- Delivery of the outbox (server/messages/relay.ts): each row is claimed by one relay, sent through
-- SMTP or Twilio, and its status recorded. Metrics and retention read status and sent_at.
alter table outbox add column if not exists status text not null default 'queued';
alter table outbox add column if not exists sent_at timestamptz;
-- code, reset, invitation, bulk, notice, reply: what the Messages screen filters and the relay orders by.
alter table outbox add column if not exists kind text not null default 'notice';
-- 0 one-time codes and resets, 1 everything else, 2 bulk texts (paced at SMS_RATE_PER_SECOND).
alter table outbox add column if not exists priority smallint not null default 1;
alter table outbox add column if not exists attempts integer not null default 0;
alter table outbox add column if not exists next_attempt_at timestamptz not null default now();
-- While a row is 'sending', the relay that claimed it holds it until then; past it, another relay may take it.
alter table outbox add column if not exists claimed_until timestamptz;
alter table outbox add column if not exists last_error text;
alter table outbox add column if not exists provider_id text;
alter table outbox add column if not exists updated_at timestamptz;
-- A one-time code is worth nothing after it expires: the relay lets it die instead of sending it late.
alter table outbox add column if not exists expires_at timestamptz;
-- Rows written before delivery existed were shown in the demo's outbox and never meant to leave.
update outbox set status = 'dead', last_error = 'Written before delivery was configured: not sent' where status = 'queued';
alter table outbox add constraint outbox_status_check
  check (status in ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'retrying', 'dead'));
create index outbox_due_idx on outbox (priority, next_attempt_at, id) where status in ('queued', 'retrying', 'sending');
create index outbox_provider_id_idx on outbox (provider_id) where provider_id is not null;
create index outbox_status_created_idx on outbox (status, created_at);

-- The global pace of bulk texts: the next moment a relay (in any process) may send one.
create table message_pacing (
  lane text primary key,
  next_slot timestamptz not null
);
