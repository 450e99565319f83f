-- My Agents and the agents list sorted most overdue first (server/routes/agents-api/agent-queries.ts,
-- overdueCandidateFloor): the agents of a brokerage with the most open referrals are read first, then
-- only those whose open count reaches a floor. Both walk this index instead of every kept row of the
-- brokerage (43,469 agents at the 1,000x seed, read by a sequential scan before).
create index agent_open_referrals_open_idx on agent_open_referrals (brokerage_id, open desc, agent_id);
