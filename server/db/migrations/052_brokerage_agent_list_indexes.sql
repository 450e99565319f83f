-- A brokerage's agent lists and invitation counts read from indexes only. At 1,000x the large brokerage
-- holds 44,000 of 79,000 agents and 46,000 of 84,000 invitations: without these the planner read the
-- whole table for My Agents sorted by score, by closings and by overdue, and for the invitation
-- counts (the scale benchmark's plan check, decision 0115).

-- My Agents by name, by closings, by overdue: the brokerage's agents in name order with their id and
-- status, from the index alone (the sort by closings or overdue joins the figures to these rows).
drop index agents_brokerage_idx;
create index agents_brokerage_idx on agents (brokerage_id, last_name, first_name, id) include (status);

-- My Agents and the leaderboard by score: the first page straight from the index.
create index agents_brokerage_score_idx on agents (brokerage_id, display_score desc nulls last, id) include (status);

-- Invitation stats: counts by status, an expired invitation told apart by its expiry.
create index potential_agents_brokerage_expiry_idx on potential_agents (brokerage_id, status, invite_expires_at);
