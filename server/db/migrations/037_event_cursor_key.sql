-- The key that turns an event's id into the cursor a live stream shows (server/events/cursor.ts): the
-- `id:` lines and Last-Event-ID carry no platform-wide event count. One row, generated on first use,
-- shared by every process (a stream resumes on any of them). Not a credential: it hides counts only.
create table event_cursor_key (
  id integer primary key check (id = 1),
  key text not null,
  created_at timestamptz not null default now()
);
