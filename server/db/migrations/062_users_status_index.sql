-- The user list filtered by role and status (server/routes/users-api/users-admin.ts) counts the
-- active holders of a role: at the 1,000x seed 12,000 of the 15,001 CSR users. With the role's id read
-- first the planner knows the role's size and joins its user_roles range with the users; this index
-- gives it the active users' ids in order from the index alone, a merge join, where it read all 40,000
-- users by a sequential scan.
create index users_status_id_idx on users (status, id);
