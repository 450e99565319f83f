-- First-party analytics (spec 1 and 2 section 9): page views and sign-ins per host's measurement id.
-- No personal data: no user, no address, no query string; the path is the route's pattern.
create table analytics_events (
  id bigserial primary key,
  measurement_id text not null,
  kind text not null check (kind in ('page_view', 'sign_in')),
  path text not null,
  occurred_at timestamptz not null default now()
);
create index analytics_events_measurement on analytics_events (measurement_id, occurred_at);
