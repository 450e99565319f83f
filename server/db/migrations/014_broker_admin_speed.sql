-- The broker admin's workspace, part 2 (issue 12), speed at 100x the seed: My Metrics reads each
-- month of each series as one index range scan (invitations by sending and by joining), and the lists
-- read one brokerage's rows in their order without sorting.

-- My Metrics: invitations sent per month (the latest sending of each potential agent).
create index potential_agents_sent_idx on potential_agents (brokerage_id, invite_sent_at) where invite_sent_at is not null;
-- My Metrics: invitations redeemed per month (the day the invitee joined).
create index potential_agents_redeemed_idx on potential_agents (brokerage_id, responded_at) where status = 'INVITE_REDEEMED';
