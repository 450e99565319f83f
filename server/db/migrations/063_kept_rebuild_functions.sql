-- Each table of counts kept by row triggers (migrations 025 to 061) gets a function that rebuilds it
-- from its rows: delete every row, then insert the counts as its migration backfilled them. The large
-- seed loads with those triggers off and calls these after the load (server/db/seed/index.ts), so the
-- statement that defines a kept table's content is written once, here, and a migration that changes a
-- kept table's shape replaces its function. tests/api/kept-rebuild.test.ts proves that each function
-- rebuilds exactly what the triggers kept.

create function kept_rebuild_referral_months() returns void language sql as $$
  delete from referral_months;
  insert into referral_months (brokerage_id, month, received, answered, response_micros, met, converted)
    select brokerage_id, date_trunc('month', created_at at time zone 'UTC')::date, count(*), count(first_response_at),
    coalesce(sum(round(extract(epoch from (first_response_at - created_at)) * 1000000)::bigint), 0),
    count(*) filter (where stage in ('SHOWN_HOMES', 'MET_WITH_SELLER', 'LISTED_HOME', 'OFFER_MADE', 'UNDER_CONTRACT', 'CLOSED', 'LEASED')),
    count(*) filter (where stage in ('CLOSED', 'LEASED'))
    from referrals where brokerage_id is not null
    group by 1, 2;
$$;

create function kept_rebuild_agent_open_referrals() returns void language sql as $$
  delete from agent_open_referrals;
  insert into agent_open_referrals (brokerage_id, agent_id, open)
    select brokerage_id, agent_id, count(*) from referrals
    where stage in ('AWAITING_FOLLOWUP', 'SPOKEN_WITH', 'SHOWN_HOMES', 'MET_WITH_SELLER', 'OFFER_MADE', 'LISTED_HOME')
    group by 1, 2;
$$;

create function kept_rebuild_brokerage_open_referrals() returns void language sql as $$
  delete from brokerage_open_referrals;
  insert into brokerage_open_referrals (brokerage_id, open)
    select brokerage_id, count(*) from referrals
    where stage in ('AWAITING_FOLLOWUP', 'SPOKEN_WITH', 'SHOWN_HOMES', 'MET_WITH_SELLER', 'OFFER_MADE', 'LISTED_HOME')
    group by 1;
$$;

create function kept_rebuild_contact_center_task_counts() returns void language sql as $$
  delete from contact_center_task_counts;
  insert into contact_center_task_counts (brokerage_key, status, channel, n)
    select coalesce(brokerage_id, 0), status, channel, count(*) from contact_center_tasks group by 1, 2, 3;
$$;

create function kept_rebuild_content_item_counts() returns void language sql as $$
  delete from content_item_counts;
  insert into content_item_counts (usage_id, audience_key, n)
    select usage_id, coalesce(audience_id, 0), count(*) from content_items group by 1, 2;
$$;

create function kept_rebuild_lender_referral_counts() returns void language sql as $$
  delete from lender_referral_counts;
  insert into lender_referral_counts (loan_office_id, officer_key, status, received_month, n)
    select loan_office_id, coalesce(loan_officer_id, 0), status, date_trunc('month', received_at at time zone 'UTC')::date, count(*)
    from lender_referrals group by 1, 2, 3, 4;
$$;

create function kept_rebuild_lender_referral_closed_months() returns void language sql as $$
  delete from lender_referral_closed_months;
  insert into lender_referral_closed_months (loan_office_id, closed_month, n)
    select loan_office_id, date_trunc('month', closed_at at time zone 'UTC')::date, count(*)
    from lender_referrals where status = 'CLOSED' and closed_at is not null group by 1, 2;
$$;

create function kept_rebuild_announcement_audience_members() returns void language sql as $$
  delete from announcement_audience_members;
  insert into announcement_audience_members (user_id, kind, brokerage_key)
    select user_id, kind, brokerage_key from announcement_audience_rows;
$$;

create function kept_rebuild_announcement_audience_counts() returns void language sql as $$
  delete from announcement_audience_counts;
  insert into announcement_audience_counts (kind, brokerage_key, n)
    select kind, brokerage_key, count(*) from announcement_audience_members group by 1, 2
    union all select kind, -1, count(*) from announcement_audience_members group by 1;
$$;

create function kept_rebuild_opportunity_counts() returns void language sql as $$
  delete from opportunity_counts;
  insert into opportunity_counts (brokerage_id, product, lead_type, status, supplier_key, responded, qualified, assigned, n)
    select brokerage_id, product, lead_type, status, coalesce(supplier_id, 0), responded, qualified, assigned_at is not null, count(*)
    from opportunities group by 1, 2, 3, 4, 5, 6, 7, 8;
$$;

create function kept_rebuild_opportunity_days() returns void language sql as $$
  delete from opportunity_days;
  insert into opportunity_days (brokerage_id, day, created, declined, assigned)
    select brokerage_id, day, sum(created), sum(declined), sum(assigned) from (
    select brokerage_id, (created_at at time zone 'UTC')::date as day, count(*) as created,
    count(*) filter (where status = 'NO_AGENT_ACCEPT') as declined, 0 as assigned
    from opportunities group by 1, 2
    union all
    select brokerage_id, (assigned_at at time zone 'UTC')::date, 0, 0, count(*)
    from opportunities where assigned_at is not null group by 1, 2
    ) x group by 1, 2;
$$;

create function kept_rebuild_referral_stage_counts() returns void language sql as $$
  delete from referral_stage_counts;
  insert into referral_stage_counts (brokerage_id, product, type, stage, n, sale_cents)
    select brokerage_id, product, type, stage, count(*), coalesce(sum(sale_price_cents), 0) from referrals group by 1, 2, 3, 4;
$$;

create function kept_rebuild_referral_days() returns void language sql as $$
  delete from referral_days;
  insert into referral_days (brokerage_id, day, stage, n)
    select brokerage_id, (created_at at time zone 'UTC')::date, stage, count(*) from referrals group by 1, 2, 3;
$$;

create function kept_rebuild_dnc_buckets() returns void language sql as $$
  delete from dnc_buckets;
  insert into dnc_buckets (bucket, total, blocked) select id >> 10, count(*), count(*) filter (where blocked) from dnc_contacts group by 1;
$$;

create function kept_rebuild_qa_review_counts() returns void language sql as $$
  delete from qa_review_counts;
  insert into qa_review_counts (status, n) select status, count(*) from qa_reviews group by status;
$$;
