-- The broker score's idle-open count (server/routes/agents-api/brokerage-stats.ts) summed the
-- brokerage's rows of agent_open_referrals (migration 028) on every request: at the 1,000x seed the
-- largest brokerage holds 62% of that table's 69,716 rows, so the planner read the whole table, and a
-- covering index would be larger than the three-integer table. The same trigger now keeps the
-- brokerage's total beside its agents' counts, in the writing transaction, and the score reads one row.
-- tests/api/agent-open-referrals.test.ts checks both kept counts against the rows. Decision 0117.

create table brokerage_open_referrals (
  brokerage_id integer primary key,
  open integer not null default 0
);

create or replace function agent_open_referrals_add(b integer, a integer, stage text, sign integer) returns void
language plpgsql as $$
begin
  if stage not in ('AWAITING_FOLLOWUP', 'SPOKEN_WITH', 'SHOWN_HOMES', 'MET_WITH_SELLER', 'OFFER_MADE', 'LISTED_HOME') then
    return;
  end if;
  insert into agent_open_referrals as k (brokerage_id, agent_id, open) values (b, a, sign)
  on conflict (brokerage_id, agent_id) do update set open = k.open + excluded.open;
  insert into brokerage_open_referrals as t (brokerage_id, open) values (b, sign)
  on conflict (brokerage_id) do update set open = t.open + excluded.open;
end;
$$;

-- Referrals written before this migration.
insert into brokerage_open_referrals (brokerage_id, open)
select brokerage_id, count(*) from referrals
where stage in ('AWAITING_FOLLOWUP', 'SPOKEN_WITH', 'SHOWN_HOMES', 'MET_WITH_SELLER', 'OFFER_MADE', 'LISTED_HOME')
group by 1;
