-- The assignment rule's candidate reads (issue 16's explanation: 31 ms of CPU at the 100x seed).
-- Coverage areas by agent (the candidates' areas were a scan of every area), by ZIP in agent order
-- (the market's nearest agents are read per ZIP, at most 12 each), and the candidates' open and
-- overdue referral counts from the index alone.
create index agent_coverage_areas_agent_idx on agent_coverage_areas (agent_id, id);
create index agent_coverage_areas_zip_agent_idx on agent_coverage_areas (zip, agent_id);
drop index agent_coverage_areas_zip_idx;
create index referrals_agent_stage_idx on referrals (agent_id) include (stage, updated_at, date_of_sale);
-- The QA queue over every status, newest call first (its page sorted 100,000 reviews at 100x).
create index qa_reviews_call_idx on qa_reviews (call_at desc, interaction_id desc);
