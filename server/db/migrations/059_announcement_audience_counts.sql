-- The announcements editor (server/routes/users-api/announcement-editor.ts) shows each announcement's
-- audience size: the active users it is addressed to. It counted them from users and their roles for
-- every announcement of the page: at the 1,000x seed a Seq Scan of users' 40,019 rows per row, p95
-- 119 ms (docs/bench/scale-1000x-2026-11-29.md). Who is in which audience is kept here instead, in the
-- writing transaction: one row per active user and audience kind (the same rules as the editor's and
-- as visible() of announcements.ts), and their counts per brokerage with a total per kind
-- (brokerage_key -1). The editor reads a few rows by primary key. Decision 0122;
-- tests/api/announcement-audience-counts.test.ts checks both against users after writes.

-- Each active user's place in the audiences: a brokerage admin of their brokerage, a loan office admin,
-- an agent of their agent's brokerage (0: none).
create view announcement_audience_rows as
select u.id as user_id, r.name as kind,
  case r.name
    when 'BROKERAGE_ADMIN' then u.broker_id
    when 'LOAN_OFFICE_ADMIN' then 0
    else coalesce((select ag.brokerage_id from agents ag where ag.id = u.agent_id), 0)
  end as brokerage_key
from users u
join user_roles ur on ur.user_id = u.id
join roles r on r.id = ur.role_id
where u.status = 'ACTIVE'
  and ((r.name = 'BROKERAGE_ADMIN' and u.broker_id is not null)
    or (r.name = 'LOAN_OFFICE_ADMIN' and u.loan_office_id is not null)
    or (r.name = 'AGENT' and u.agent_id is not null));

create table announcement_audience_members (
  user_id integer not null,
  kind text not null,
  brokerage_key integer not null,
  primary key (user_id, kind)
);

create table announcement_audience_counts (
  kind text not null,
  brokerage_key integer not null,
  n integer not null default 0,
  primary key (kind, brokerage_key)
);

-- Takes the user's rows out and puts them back as the user now is, moving the counts with them.
create function announcement_audience_refresh(uid integer) returns void
language plpgsql as $$
declare
  r record;
begin
  for r in delete from announcement_audience_members where user_id = uid returning kind, brokerage_key loop
    update announcement_audience_counts set n = n - 1
     where kind = r.kind and brokerage_key in (r.brokerage_key, -1);
  end loop;
  for r in select kind, brokerage_key from announcement_audience_rows where user_id = uid loop
    insert into announcement_audience_members (user_id, kind, brokerage_key) values (uid, r.kind, r.brokerage_key);
    insert into announcement_audience_counts as k (kind, brokerage_key, n)
    values (r.kind, r.brokerage_key, 1), (r.kind, -1, 1)
    on conflict (kind, brokerage_key) do update set n = k.n + 1;
  end loop;
end;
$$;

create function announcement_audience_user_sync() returns trigger
language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform announcement_audience_refresh(old.id);
  else
    perform announcement_audience_refresh(new.id);
  end if;
  return null;
end;
$$;

create trigger announcement_audience_user_sync
  after insert or delete or update of status, broker_id, loan_office_id, agent_id on users
  for each row execute function announcement_audience_user_sync();

create function announcement_audience_role_sync() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform announcement_audience_refresh(old.user_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.user_id <> old.user_id) then
    perform announcement_audience_refresh(new.user_id);
  end if;
  return null;
end;
$$;

create trigger announcement_audience_role_sync after insert or delete or update on user_roles
  for each row execute function announcement_audience_role_sync();

create function announcement_audience_agent_sync() returns trigger
language plpgsql as $$
declare
  uid integer;
begin
  for uid in select id from users where agent_id = new.id loop
    perform announcement_audience_refresh(uid);
  end loop;
  return null;
end;
$$;

-- An agent's users, found when the agent moves to another brokerage.
create index users_agent_idx on users (agent_id) where agent_id is not null;

create trigger announcement_audience_agent_sync after update of brokerage_id on agents
  for each row when (old.brokerage_id is distinct from new.brokerage_id)
  execute function announcement_audience_agent_sync();

-- Users written before this migration.
insert into announcement_audience_members (user_id, kind, brokerage_key)
select user_id, kind, brokerage_key from announcement_audience_rows;

insert into announcement_audience_counts (kind, brokerage_key, n)
select kind, brokerage_key, count(*) from announcement_audience_members group by 1, 2
union all
select kind, -1, count(*) from announcement_audience_members group by 1;
