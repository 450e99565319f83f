-- Tickets for the live console's stream (issue 38, decision 0081): EventSource cannot send an
-- Authorization header, so a signed-in caller asks POST /events/ticket for a short-lived,
-- single-use ticket and opens GET /events/stream?ticket=... with it. Kept in the database (any
-- process behind the load balancer may receive the stream), hashed, bound to the access token that
-- asked for it: a logout or an expired token makes the ticket worthless too.
create table event_tickets (
  ticket_hash text primary key,
  token_hash text not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index event_tickets_expires_idx on event_tickets (expires_at);
