-- The broker admin's workspace lists at 100x the seed (issue 11, budget p95 50 ms): indexes that match
-- each list's filter and order, so a page reads its rows in order and a count reads an index only.

-- Substring search on names, emails and phones: trigram indexes (pg_trgm ships with PostgreSQL's
-- contrib and with PGlite, loaded in server/db/database.ts). It is a trusted extension: the database
-- owner may create it.
create extension if not exists pg_trgm;

-- Most overdue first (My Referrals' overdue sort and the overview's overdue link; My Agents' overdue
-- counts). The overdue rule of server/db/overdue.ts has two branches, each an ordered range here:
-- an open stage idle since updated_at, and UNDER_CONTRACT past its date of sale. The included columns
-- let the other list filters and the per-agent counts read the index only.
create index referrals_idle_since_idx on referrals (brokerage_id, updated_at, id) include (agent_id, product, type, stage)
  where stage in ('AWAITING_FOLLOWUP', 'SPOKEN_WITH', 'SHOWN_HOMES', 'MET_WITH_SELLER', 'OFFER_MADE', 'LISTED_HOME');
create index referrals_sale_since_idx on referrals (brokerage_id, date_of_sale, id) include (agent_id, product, type)
  where stage = 'UNDER_CONTRACT' and date_of_sale is not null;

-- My Referrals' prospect search: the same text the list matches ("first last", lower case).
create index referrals_prospect_trgm_idx on referrals
  using gin (lower(coalesce(prospect_first, '') || ' ' || coalesce(prospect_last, '')) gin_trgm_ops);

-- My Leads' search: the contact's name, email, or digits of the phone.
create index opportunities_contact_name_trgm_idx on opportunities
  using gin (lower(coalesce(contact_first, '') || ' ' || coalesce(contact_last, '')) gin_trgm_ops);
create index opportunities_contact_email_trgm_idx on opportunities using gin (lower(contact_email) gin_trgm_ops);
create index opportunities_contact_phone_trgm_idx on opportunities using gin (contact_phone gin_trgm_ops);

-- My Agents by closings (sales dated in the last 12 months), grouped by agent from the index alone.
create index referrals_closings_agent_idx on referrals (brokerage_id, date_of_sale) include (agent_id)
  where stage in ('CLOSED', 'LEASED');

-- My Agents' total: a brokerage's agents but the deleted ones, counted from the index alone.
create index agents_brokerage_status_idx on agents (brokerage_id, status);
