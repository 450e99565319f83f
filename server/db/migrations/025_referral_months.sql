-- My Metrics' monthly referral figures, maintained with the rows (issue 12's 12-month view scanned every
-- referral of the year: 41 ms at the 100x seed). One row per brokerage and calendar month (UTC) of
-- creation holds the counts and sums of its referrals; a trigger adds a row's share on insert, takes the
-- old share away and adds the new one on an update of the columns it reads, and takes it away on delete,
-- in the same transaction as the write. Every figure is still a count over the referral rows: kept, not
-- estimated. The 7/30-day response times are not month-aligned and stay a scan of the last 30 days.

create table referral_months (
  brokerage_id integer not null,
  month date not null,
  received integer not null default 0,
  answered integer not null default 0,
  -- First response minus creation, summed in microseconds (exact under additions and subtractions).
  response_micros bigint not null default 0,
  met integer not null default 0,
  converted integer not null default 0,
  primary key (brokerage_id, month)
);

create function referral_months_add(b integer, created timestamptz, responded timestamptz, stage text, sign integer) returns void
language plpgsql as $$
begin
  if b is null then
    return;
  end if;
  insert into referral_months as m (brokerage_id, month, received, answered, response_micros, met, converted)
  values (
    b,
    date_trunc('month', created at time zone 'UTC')::date,
    sign,
    case when responded is null then 0 else sign end,
    case when responded is null then 0 else sign * round(extract(epoch from (responded - created)) * 1000000)::bigint end,
    case when stage in ('SHOWN_HOMES', 'MET_WITH_SELLER', 'LISTED_HOME', 'OFFER_MADE', 'UNDER_CONTRACT', 'CLOSED', 'LEASED') then sign else 0 end,
    case when stage in ('CLOSED', 'LEASED') then sign else 0 end)
  on conflict (brokerage_id, month) do update set
    received = m.received + excluded.received,
    answered = m.answered + excluded.answered,
    response_micros = m.response_micros + excluded.response_micros,
    met = m.met + excluded.met,
    converted = m.converted + excluded.converted;
end;
$$;

create function referral_months_sync() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.brokerage_id is not distinct from old.brokerage_id and new.created_at = old.created_at
      and new.first_response_at is not distinct from old.first_response_at and new.stage = old.stage then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform referral_months_add(old.brokerage_id, old.created_at, old.first_response_at, old.stage, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform referral_months_add(new.brokerage_id, new.created_at, new.first_response_at, new.stage, 1);
  end if;
  return null;
end;
$$;

create trigger referral_months_sync after insert or delete or update on referrals
  for each row execute function referral_months_sync();

-- Referrals written before this migration.
insert into referral_months (brokerage_id, month, received, answered, response_micros, met, converted)
select brokerage_id, date_trunc('month', created_at at time zone 'UTC')::date, count(*), count(first_response_at),
  coalesce(sum(round(extract(epoch from (first_response_at - created_at)) * 1000000)::bigint), 0),
  count(*) filter (where stage in ('SHOWN_HOMES', 'MET_WITH_SELLER', 'LISTED_HOME', 'OFFER_MADE', 'UNDER_CONTRACT', 'CLOSED', 'LEASED')),
  count(*) filter (where stage in ('CLOSED', 'LEASED'))
from referrals where brokerage_id is not null
group by 1, 2;
