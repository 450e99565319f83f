-- Migration 059 refreshed a user's audience rows on every update of users that named status,
-- brokerage, loan office or agent, even when none of them changed: Kysely's updates (a profile saved
-- whole, a sign-in's bookkeeping) name columns they do not change, and each such write deleted and
-- re-inserted the user's members and moved the counts down and back up. The update trigger now fires
-- only when one of the four changed, as the agents trigger already does; insert and delete are as
-- before. tests/api/announcement-audience-counts.test.ts proves an unchanged update writes nothing.

drop trigger announcement_audience_user_sync on users;

create trigger announcement_audience_user_sync
  after insert or delete on users
  for each row execute function announcement_audience_user_sync();

create trigger announcement_audience_user_change
  after update of status, broker_id, loan_office_id, agent_id on users
  for each row when (
    old.status is distinct from new.status
    or old.broker_id is distinct from new.broker_id
    or old.loan_office_id is distinct from new.loan_office_id
    or old.agent_id is distinct from new.agent_id
  )
  execute function announcement_audience_user_sync();
