-- Bounded Web Push (docs/security.md, "Bounded fan-out"): a subscription counts the deliveries that
-- failed in a row (no answer, a refused address, a 5xx); a success sets it back to 0, and past the
-- limit of server/push/deliver.ts the subscription is dropped, so a dead or hostile endpoint stops
-- costing a request per notification.
alter table push_subscriptions add column failures integer not null default 0;
alter table push_subscriptions add column last_failure_at timestamptz;
