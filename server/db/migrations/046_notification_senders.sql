-- Who caused an agent's notification (a reassignment, a reminder): the text names them, and the
-- bell of the user who acted leaves out what they did themselves. Null for the scheduled ones.
alter table agent_notifications add column actor_user_id integer references users (id);
-- When the agent acted on what the notification asked (a stage move or a note on its referral):
-- the agent's list no longer shows it. The row stays for the brokerage's log (My Notifications).
alter table agent_notifications add column cleared_at timestamptz;
create index agent_notifications_open_idx on agent_notifications (agent_id, referral_id) where cleared_at is null;
