-- The brokerage-wide lead figures counted a brokerage's opportunities on every request: at the 1,000x
-- seed the largest brokerage holds 1,000,000 leads, so the status stats, the lead sources, the lead
-- progression and My Leads' total each read a million index entries (p95 72 to 340 ms), and the broker
-- score counted a year of them (386 ms). The counts are kept here by triggers in the writing
-- transaction (decision 0123):
-- - opportunity_counts: per brokerage, product, lead type, status, supplier (0: none), responded,
--   qualified and assigned (assigned_at set), the number of opportunities. Every all-time figure is a
--   sum of a few dozen of these rows.
-- - opportunity_days: per brokerage and UTC day, the opportunities created that day, those of them
--   refused by every agent (NO_AGENT_ACCEPT), and the opportunities assigned that day. The score's
--   90-day and 12-month windows sum the whole days after the window's first day, and count the rows of
--   that first day's remainder from the table (one day of one brokerage's rows, by index).
-- tests/api/opportunity-counts.test.ts checks both against the rows, and every figure against its
-- old query, after writes of every kind.

create table opportunity_counts (
  brokerage_id integer not null,
  product text not null,
  lead_type text not null,
  status text not null,
  supplier_key integer not null,
  responded boolean not null,
  qualified boolean not null,
  assigned boolean not null,
  n integer not null default 0,
  primary key (brokerage_id, product, lead_type, status, supplier_key, responded, qualified, assigned)
);

create table opportunity_days (
  brokerage_id integer not null,
  day date not null,
  created integer not null default 0,
  declined integer not null default 0,
  assigned integer not null default 0,
  primary key (brokerage_id, day)
);

create function opportunity_counts_add(o opportunities, sign integer) returns void
language plpgsql as $$
begin
  insert into opportunity_counts as k
    (brokerage_id, product, lead_type, status, supplier_key, responded, qualified, assigned, n)
  values (o.brokerage_id, o.product, o.lead_type, o.status, coalesce(o.supplier_id, 0), o.responded, o.qualified,
    o.assigned_at is not null, sign)
  on conflict (brokerage_id, product, lead_type, status, supplier_key, responded, qualified, assigned)
  do update set n = k.n + excluded.n;
  insert into opportunity_days as d (brokerage_id, day, created, declined)
  values (o.brokerage_id, (o.created_at at time zone 'UTC')::date, sign,
    case when o.status = 'NO_AGENT_ACCEPT' then sign else 0 end)
  on conflict (brokerage_id, day) do update set created = d.created + excluded.created, declined = d.declined + excluded.declined;
  if o.assigned_at is not null then
    insert into opportunity_days as d (brokerage_id, day, assigned)
    values (o.brokerage_id, (o.assigned_at at time zone 'UTC')::date, sign)
    on conflict (brokerage_id, day) do update set assigned = d.assigned + excluded.assigned;
  end if;
end;
$$;

create function opportunity_counts_sync() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform opportunity_counts_add(old, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform opportunity_counts_add(new, 1);
  end if;
  return null;
end;
$$;

create trigger opportunity_counts_sync after insert or delete on opportunities
  for each row execute function opportunity_counts_sync();

-- An opportunity is updated often (its call and text counts, updated_at): only a change of what is
-- counted moves the counts.
create trigger opportunity_counts_change
  after update of brokerage_id, product, lead_type, status, supplier_id, responded, qualified, assigned_at, created_at
  on opportunities
  for each row when (
    old.brokerage_id is distinct from new.brokerage_id
    or old.product is distinct from new.product
    or old.lead_type is distinct from new.lead_type
    or old.status is distinct from new.status
    or old.supplier_id is distinct from new.supplier_id
    or old.responded is distinct from new.responded
    or old.qualified is distinct from new.qualified
    or old.assigned_at is distinct from new.assigned_at
    or old.created_at is distinct from new.created_at
  )
  execute function opportunity_counts_sync();

-- Opportunities written before this migration.
insert into opportunity_counts (brokerage_id, product, lead_type, status, supplier_key, responded, qualified, assigned, n)
select brokerage_id, product, lead_type, status, coalesce(supplier_id, 0), responded, qualified, assigned_at is not null, count(*)
from opportunities group by 1, 2, 3, 4, 5, 6, 7, 8;

insert into opportunity_days (brokerage_id, day, created, declined, assigned)
select brokerage_id, day, sum(created), sum(declined), sum(assigned) from (
  select brokerage_id, (created_at at time zone 'UTC')::date as day, count(*) as created,
    count(*) filter (where status = 'NO_AGENT_ACCEPT') as declined, 0 as assigned
  from opportunities group by 1, 2
  union all
  select brokerage_id, (assigned_at at time zone 'UTC')::date, 0, 0, count(*)
  from opportunities where assigned_at is not null group by 1, 2
) x group by 1, 2;

-- The brokerage's referral figures (the dashboard's stats per product, type and stage, and the score's
-- referrals received in the last 90 days and 12 months, per stage) counted up to 66 index ranges of the
-- brokerage's 400,000 referrals per request. Kept the same way:
-- - referral_stage_counts: per brokerage, product, type and stage, the referrals and the sum of their
--   sale prices (the closed value reads the CLOSED and LEASED rows);
-- - referral_days: per brokerage, UTC day of creation and stage, the referrals.

create table referral_stage_counts (
  brokerage_id integer not null,
  product text not null,
  type text not null,
  stage text not null,
  n integer not null default 0,
  sale_cents bigint not null default 0,
  primary key (brokerage_id, product, type, stage)
);

create table referral_days (
  brokerage_id integer not null,
  day date not null,
  stage text not null,
  n integer not null default 0,
  primary key (brokerage_id, day, stage)
);

create function referral_stage_counts_add(r referrals, sign integer) returns void
language plpgsql as $$
begin
  insert into referral_stage_counts as k (brokerage_id, product, type, stage, n, sale_cents)
  values (r.brokerage_id, r.product, r.type, r.stage, sign, sign * coalesce(r.sale_price_cents, 0))
  on conflict (brokerage_id, product, type, stage)
  do update set n = k.n + excluded.n, sale_cents = k.sale_cents + excluded.sale_cents;
  insert into referral_days as d (brokerage_id, day, stage, n)
  values (r.brokerage_id, (r.created_at at time zone 'UTC')::date, r.stage, sign)
  on conflict (brokerage_id, day, stage) do update set n = d.n + excluded.n;
end;
$$;

create function referral_stage_counts_sync() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform referral_stage_counts_add(old, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform referral_stage_counts_add(new, 1);
  end if;
  return null;
end;
$$;

create trigger referral_stage_counts_sync after insert or delete on referrals
  for each row execute function referral_stage_counts_sync();

create trigger referral_stage_counts_change
  after update of brokerage_id, product, type, stage, sale_price_cents, created_at on referrals
  for each row when (
    old.brokerage_id is distinct from new.brokerage_id
    or old.product is distinct from new.product
    or old.type is distinct from new.type
    or old.stage is distinct from new.stage
    or old.sale_price_cents is distinct from new.sale_price_cents
    or old.created_at is distinct from new.created_at
  )
  execute function referral_stage_counts_sync();

-- Referrals written before this migration.
insert into referral_stage_counts (brokerage_id, product, type, stage, n, sale_cents)
select brokerage_id, product, type, stage, count(*), coalesce(sum(sale_price_cents), 0)
from referrals group by 1, 2, 3, 4;

insert into referral_days (brokerage_id, day, stage, n)
select brokerage_id, (created_at at time zone 'UTC')::date, stage, count(*) from referrals group by 1, 2, 3;
