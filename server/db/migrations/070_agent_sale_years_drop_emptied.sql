-- agent_sale_years (migration 066) holds the calendar years an agent has sales dated in. Its trigger
-- added -1 when a sale was undone (a referral leaving CLOSED or LEASED, its date or agent changed, the
-- referral deleted), which left a row at 0 once a year's last sale went: the table then named years an
-- agent had no sale in, and My Agents by closings had to ignore them (closed > 0). A count that reaches
-- 0 now goes with the sale that emptied it, so the table equals kept_rebuild_agent_sale_years() after
-- any write (tests/api/agent-sale-years.test.ts compares the two whole).
--
-- Concurrency, in READ COMMITTED: the delete locks the row and re-checks closed + sign on the latest
-- version, so a sale added meanwhile by another transaction keeps the row (the delete finds nothing
-- and the update below subtracts); a row deleted meanwhile is inserted again by the other side's
-- insert ... on conflict once the delete commits.

create or replace function agent_sale_years_add(b integer, a integer, stage text, sale date, sign integer) returns void
language plpgsql as $$
begin
  if a is null or sale is null or stage not in ('CLOSED', 'LEASED') then
    return;
  end if;
  if sign < 0 then
    delete from agent_sale_years
    where brokerage_id = b and agent_id = a and year = extract(year from sale)::smallint and closed + sign <= 0;
    if found then
      return;
    end if;
  end if;
  insert into agent_sale_years as k (brokerage_id, agent_id, year, closed)
  values (b, a, extract(year from sale)::smallint, sign)
  on conflict (brokerage_id, agent_id, year) do update set closed = k.closed + excluded.closed;
end;
$$;

delete from agent_sale_years where closed = 0;
