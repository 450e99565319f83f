-- My Agents by closings, most first (decision 0127): the sort counted every sale of the brokerage dated in
-- the last 12 months, per agent, on each request (105,744 closed referrals of 40,057 agents grouped at
-- the 1,000x seed). A page near the top needs only the agents who can rank there. Kept here per
-- brokerage, agent and calendar year of the date of sale: how many of the agent's referrals are CLOSED or
-- LEASED with that date. A 12-month window spans at most two calendar years (and any later year a sale is
-- dated in), so an agent whose window holds L sales has at least L / (those years) in one of them: the
-- index below finds those agents without grouping a single referral. The exact 12-month counts are then
-- read for those agents only, from referrals_closed_agent_idx.
-- tests/api/agent-sale-years.test.ts checks the kept counts against the rows and the page against
-- every agent ordered by the rule.

create table agent_sale_years (
  brokerage_id integer not null,
  agent_id integer not null,
  year smallint not null,
  closed integer not null default 0,
  primary key (brokerage_id, agent_id, year)
);

-- The agents of a brokerage with the most sales dated in a year.
create index agent_sale_years_top_idx on agent_sale_years (brokerage_id, year, closed desc, agent_id);

-- An agent's sales from a date, counted from the index alone (the exact window of a few agents).
create index referrals_closed_agent_idx on referrals (brokerage_id, agent_id, date_of_sale)
  where stage in ('CLOSED', 'LEASED');

create function agent_sale_years_add(b integer, a integer, stage text, sale date, sign integer) returns void
language plpgsql as $$
begin
  if a is null or sale is null or stage not in ('CLOSED', 'LEASED') then
    return;
  end if;
  insert into agent_sale_years as k (brokerage_id, agent_id, year, closed)
  values (b, a, extract(year from sale)::smallint, sign)
  on conflict (brokerage_id, agent_id, year) do update set closed = k.closed + excluded.closed;
end;
$$;

create function agent_sale_years_sync() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.brokerage_id = old.brokerage_id and new.agent_id is not distinct from old.agent_id
    and new.stage = old.stage and new.date_of_sale is not distinct from old.date_of_sale then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform agent_sale_years_add(old.brokerage_id, old.agent_id, old.stage, old.date_of_sale, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform agent_sale_years_add(new.brokerage_id, new.agent_id, new.stage, new.date_of_sale, 1);
  end if;
  return null;
end;
$$;

create trigger agent_sale_years_sync after insert or delete or update on referrals
  for each row execute function agent_sale_years_sync();

-- The one statement of what the table holds (migration 063's scheme): the large seed loads with the
-- trigger off and calls this after the load.
create function kept_rebuild_agent_sale_years() returns void language sql as $$
  delete from agent_sale_years;
  insert into agent_sale_years (brokerage_id, agent_id, year, closed)
    select brokerage_id, agent_id, extract(year from date_of_sale)::smallint, count(*) from referrals
    where stage in ('CLOSED', 'LEASED') and agent_id is not null and date_of_sale is not null
    group by 1, 2, 3;
$$;

select kept_rebuild_agent_sale_years();
