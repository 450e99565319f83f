-- Why a sign-in was disabled (issue 33, finding 4): USER_REMOVED when someone who changes users
-- deactivated it (DELETE /users-api/users/:id), AGENT_DELETED when it went with its agent record's
-- soft delete. Reactivating the agent record re-enables only the second kind, so a broker cannot
-- bring back a sign-in that staff disabled. Null: a sign-in disabled before this was kept.

alter table users add column disabled_reason text;
alter table users add constraint users_disabled_reason_check check (disabled_reason in ('USER_REMOVED', 'AGENT_DELETED'));
update users set disabled_reason = 'USER_REMOVED' where status = 'DISABLED' and agent_id is null;
