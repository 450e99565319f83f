-- My Agents by overdue (issue 11; budget p95 50 ms at the 100x seed, measured 51.6 ms): the sort
-- counted every overdue referral of the brokerage per agent on each request (18,000 index entries
-- grouped at 100x). The idle branch of the overdue rule (server/db/overdue.ts: an open stage not
-- updated for 7 days) is "open referrals" minus "open referrals updated in the last 7 days"; the first
-- depends on stages only, so it is kept here per brokerage and agent by a trigger in the writing
-- transaction, and a request reads the second (a short, recent range of migration 013's
-- referrals_idle_since_idx) and the UNDER_CONTRACT branch as before. The stage list is
-- IDLE_OVERDUE_STAGES (server/routes/agents-api/overdue-sql.ts) and the partial index's list;
-- tests/api/agent-open-referrals.test.ts checks the kept counts against the rows.

create table agent_open_referrals (
  brokerage_id integer not null,
  agent_id integer not null,
  open integer not null default 0,
  primary key (brokerage_id, agent_id)
);

create function agent_open_referrals_add(b integer, a integer, stage text, sign integer) returns void
language plpgsql as $$
begin
  if stage not in ('AWAITING_FOLLOWUP', 'SPOKEN_WITH', 'SHOWN_HOMES', 'MET_WITH_SELLER', 'OFFER_MADE', 'LISTED_HOME') then
    return;
  end if;
  insert into agent_open_referrals as k (brokerage_id, agent_id, open) values (b, a, sign)
  on conflict (brokerage_id, agent_id) do update set open = k.open + excluded.open;
end;
$$;

create function agent_open_referrals_sync() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.brokerage_id = old.brokerage_id and new.agent_id = old.agent_id and new.stage = old.stage then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform agent_open_referrals_add(old.brokerage_id, old.agent_id, old.stage, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform agent_open_referrals_add(new.brokerage_id, new.agent_id, new.stage, 1);
  end if;
  return null;
end;
$$;

create trigger agent_open_referrals_sync after insert or delete or update on referrals
  for each row execute function agent_open_referrals_sync();

-- Referrals written before this migration.
insert into agent_open_referrals (brokerage_id, agent_id, open)
select brokerage_id, agent_id, count(*) from referrals
where stage in ('AWAITING_FOLLOWUP', 'SPOKEN_WITH', 'SHOWN_HOMES', 'MET_WITH_SELLER', 'OFFER_MADE', 'LISTED_HOME')
group by 1, 2;
