-- A logged interaction that was wrong is struck, not deleted: the row stays (the audit and QA reviews
-- point at it) with who struck it, when and why; counts and contact figures leave it out.
alter table interactions add column struck_at timestamptz;
alter table interactions add column struck_by_user_id integer references users (id);
alter table interactions add column struck_reason text;
