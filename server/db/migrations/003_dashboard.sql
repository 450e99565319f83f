-- Indexes for the overview dashboard's figures (issue 4). Each figure reads one brokerage's rows;
-- these let the counts run as index-only scans (no heap visits once the table is vacuumed)
-- and the lead pages stop after pageSize rows instead of sorting every lead of the brokerage.

-- Brokerage stats: referrals per (product, stage, type), overdue counts and closed values.
create index referrals_dashboard_stats_idx on referrals (brokerage_id, product, stage, type)
  include (updated_at, date_of_sale, sale_price_cents);

-- Broker leads of one product, newest or most recently assigned first; lead stats per month.
create index opportunities_dashboard_created_idx on opportunities (brokerage_id, product, created_at desc, id desc);
create index opportunities_dashboard_assigned_idx on opportunities (brokerage_id, product, assigned_at desc nulls last, id desc);

-- Status, source and progression counts of one product's leads.
create index opportunities_dashboard_stats_idx on opportunities (brokerage_id, product, lead_type, status)
  include (responded, qualified, assigned_at, supplier_id);

-- Broker score: referrals per stage received since a date.
create index referrals_dashboard_created_idx on referrals (brokerage_id, stage, created_at);
