-- Refresh-token rotation survives a crash (issue 37). A rotated token remembers the name of the
-- rotation that replaced it (the client's request id, or one the server chose), so the same successor
-- can be derived again from the presented token; the one re-presentation the grace window allows is
-- stamped, so a third use is reuse. See docs/security.md, "Decisions".
alter table refresh_tokens add column rotation_request_id text;
alter table refresh_tokens add column grace_used_at timestamptz;
