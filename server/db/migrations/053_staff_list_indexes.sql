-- Staff lists and office figures read from indexes at 1,000x, where the scale benchmark's plan check
-- found a whole-table read (decision 0115).

-- User Management by last name: pages in order from the index.
create index users_last_name_idx on users (lower(last_name), id);

-- User Management's search: the text it matches (name, email, phone, lower case) under a trigram index.
-- concat_ws is only stable, so an immutable function names the expression the index and the list share.
create function users_search_text(first_name text, last_name text, email text, phone text) returns text
language sql immutable parallel safe as $$
  select lower(concat_ws(' ', first_name, last_name, email, phone))
$$;
create index users_search_trgm_idx on users using gin (users_search_text(first_name, last_name, email, phone) gin_trgm_ops);

-- User Management filtered by role: the role's holders from the index (the key starts with the user).
create index user_roles_role_idx on user_roles (role_id, user_id);

-- Loan officers: each officer's referrals counted from the index alone.
create index lender_referrals_officer_figures_idx on lender_referrals (loan_officer_id)
  include (brokerage_id, status, received_at);

-- The announcements editor: pages newest first from the index (the live index starts with the status).
create index announcements_publish_idx on announcements (publish_at desc, id desc);

-- Content items A-Z: pages in name order from the index.
create index content_items_name_idx on content_items (name, id);

-- Support cases by status (all open): counted from the index.
create index agent_support_cases_status_idx on agent_support_cases (status, created_at desc, id desc);

-- Markets and a ZIP's explanation: a market's ZIP codes from the index.
create index zip_codes_market_idx on zip_codes (market_id);
