-- The contact center's Twilio tasks list (server/contact-center/twilio-tasks.ts, the stand-in of
-- TaskRouter) counted its total with count(*) over contact_center_tasks, read by a Seq Scan at the
-- 1,000x seed (40,000 rows). The counts per brokerage, status and channel are kept here by a trigger
-- in the writing transaction (brokerage 0: a task of no brokerage), so a total without the stuck filter
-- is a sum of at most 16 rows per brokerage; the stuck count (which depends on the hour) reads
-- contact_center_tasks_stuck_idx, one range per status, from the index alone.
-- tests/api/qa-review-twilio-tasks.test.ts checks the counts against the rows. Decision 0117.

create table contact_center_task_counts (
  brokerage_key integer not null,
  status text not null,
  channel text not null,
  n integer not null default 0,
  primary key (brokerage_key, status, channel)
);

create function contact_center_task_counts_add(b integer, st text, ch text, sign integer) returns void
language plpgsql as $$
begin
  insert into contact_center_task_counts as k (brokerage_key, status, channel, n) values (coalesce(b, 0), st, ch, sign)
  on conflict (brokerage_key, status, channel) do update set n = k.n + excluded.n;
end;
$$;

create function contact_center_task_counts_sync() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.brokerage_id is not distinct from old.brokerage_id
    and new.status = old.status and new.channel = old.channel then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform contact_center_task_counts_add(old.brokerage_id, old.status, old.channel, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform contact_center_task_counts_add(new.brokerage_id, new.status, new.channel, 1);
  end if;
  return null;
end;
$$;

create trigger contact_center_task_counts_sync after insert or delete or update on contact_center_tasks
  for each row execute function contact_center_task_counts_sync();

create index contact_center_tasks_stuck_idx on contact_center_tasks (status, created_at) include (brokerage_id, channel);

-- Tasks written before this migration.
insert into contact_center_task_counts (brokerage_key, status, channel, n)
select coalesce(brokerage_id, 0), status, channel, count(*) from contact_center_tasks group by 1, 2, 3;
