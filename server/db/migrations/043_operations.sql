-- Operating Porchlight: the outbox's delivery state (the same two columns the message relay adds,
-- with identical definitions, so whichever migration runs second changes nothing) and the indexes
-- the hourly retention job (server/jobs/retention.ts) deletes by.
alter table outbox add column if not exists status text not null default 'queued';
alter table outbox add column if not exists sent_at timestamptz;
create index if not exists outbox_status_sent_idx on outbox (status, sent_at);
create index if not exists refresh_tokens_expires_idx on refresh_tokens (expires_at);
create index if not exists idempotent_requests_created_idx on idempotent_requests (created_at);
create index if not exists analytics_events_occurred_idx on analytics_events (occurred_at);
