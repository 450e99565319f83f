-- The announcements a reader sees, counted (server/routes/users-api/announcements.ts, visibleCounts): one
-- count per audience, each read from an index of the published announcements of that audience, their
-- window read from the index too. A brokerage admin sees nearly all of the 10,013 announcements of the
-- 1,000x seed (those to every brokerage), and the one count over every audience read them by a
-- sequential scan of the table (decision 0128).
--
-- Those to every brokerage, the many: a partial index of their window alone (41 pages at 1,000x against
-- the table's 279), whose index-only scan the planner prefers to the sequential scan.
create index announcements_to_all_live_idx on announcements (publish_at) include (expires_at)
  where status = 'PUBLISHED' and audience = 'ALL_BROKERAGES';
-- Every other audience, a few announcements each, found by audience.
create index announcements_audience_live_idx on announcements (audience, publish_at) include (expires_at)
  where status = 'PUBLISHED';
