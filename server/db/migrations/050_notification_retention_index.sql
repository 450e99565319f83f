-- The hourly retention round (server/jobs/retention.ts) deletes agent notifications by when they were
-- sent (cleared ones sooner than open ones). The other indexes lead with the agent or the brokerage,
-- so without this one every round reads the whole table.

create index agent_notifications_sent_idx on agent_notifications (sent);
