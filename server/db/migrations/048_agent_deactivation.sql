-- Deactivate beside Delete on an agent (PATCH /agents-api/agents/:id/deactivate): the agent's sign-in
-- goes with the record as on a delete, with its own reason, so Reactivate brings back either kind
-- and still leaves a sign-in that someone who changes users disabled (USER_REMOVED) off.

alter table users drop constraint users_disabled_reason_check;
alter table users add constraint users_disabled_reason_check check (disabled_reason in ('USER_REMOVED', 'AGENT_DELETED', 'AGENT_DEACTIVATED'));
