-- The loan office overview (server/routes/lenders-api/lender-overview.ts) grouped every referral of
-- the office by officer, status and month of receipt, and its closed loans by month, on every
-- request: at the 1,000x seed one office holds 74% of lender_referrals' 46,117 rows, so the planner
-- read the whole table even beside a covering index (decision 0115). Those counts are kept here by a
-- trigger in the writing transaction: per office, officer (0: unassigned), status and UTC month of
-- receipt, and per office and UTC month of closing. The overview sums a few hundred kept rows; only its
-- 90-day figures still read referrals, the last 90 days' through lender_referrals_office_received_idx.
-- tests/api/lender-overview-kept-counts.test.ts checks both against the rows after writes. Decision 0119.

create table lender_referral_counts (
  loan_office_id integer not null,
  officer_key integer not null,
  status text not null,
  received_month date not null,
  n integer not null default 0,
  primary key (loan_office_id, officer_key, status, received_month)
);

create table lender_referral_closed_months (
  loan_office_id integer not null,
  closed_month date not null,
  n integer not null default 0,
  primary key (loan_office_id, closed_month)
);

create function lender_referral_counts_add(r lender_referrals, sign integer) returns void
language plpgsql as $$
begin
  insert into lender_referral_counts as k (loan_office_id, officer_key, status, received_month, n)
  values (r.loan_office_id, coalesce(r.loan_officer_id, 0), r.status,
    date_trunc('month', r.received_at at time zone 'UTC')::date, sign)
  on conflict (loan_office_id, officer_key, status, received_month) do update set n = k.n + excluded.n;
  if r.status = 'CLOSED' and r.closed_at is not null then
    insert into lender_referral_closed_months as c (loan_office_id, closed_month, n)
    values (r.loan_office_id, date_trunc('month', r.closed_at at time zone 'UTC')::date, sign)
    on conflict (loan_office_id, closed_month) do update set n = c.n + excluded.n;
  end if;
end;
$$;

create function lender_referral_counts_sync() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.loan_office_id = old.loan_office_id
    and new.loan_officer_id is not distinct from old.loan_officer_id
    and new.status = old.status and new.received_at = old.received_at
    and new.closed_at is not distinct from old.closed_at then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform lender_referral_counts_add(old, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform lender_referral_counts_add(new, 1);
  end if;
  return null;
end;
$$;

create trigger lender_referral_counts_sync after insert or delete or update on lender_referrals
  for each row execute function lender_referral_counts_sync();

-- Referrals written before this migration.
insert into lender_referral_counts (loan_office_id, officer_key, status, received_month, n)
select loan_office_id, coalesce(loan_officer_id, 0), status, date_trunc('month', received_at at time zone 'UTC')::date, count(*)
from lender_referrals group by 1, 2, 3, 4;

insert into lender_referral_closed_months (loan_office_id, closed_month, n)
select loan_office_id, date_trunc('month', closed_at at time zone 'UTC')::date, count(*)
from lender_referrals where status = 'CLOSED' and closed_at is not null group by 1, 2;
