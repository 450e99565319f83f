-- Brokerage administration (issue 17, engineer Q): the full brokerage edit's address, the product
-- families offered (GET /agents-api/product), and each brokerage's Apination integration state.

-- A brokerage's street address and ZIP (city and state exist since 001).
alter table brokerages add column street text;
alter table brokerages add column zip text check (zip ~ '^[0-9]{5}$');

-- The product families the provider offers: reference data the console's product choices read.
create table products (
  product_family text primary key check (product_family in ('COMBINED', 'PORCHLIGHT', 'LEAD_GENIUS')),
  name text not null,
  description text not null,
  position integer not null
);
insert into products (product_family, name, description, position) values
  ('PORCHLIGHT', 'Porchlight Referrals', 'Referrals from Porchlight, assigned to the brokerage''s agents.', 1),
  ('LEAD_GENIUS', 'IRIS', 'IRIS leads (LeadGenius), delivered to the brokerage.', 2),
  ('COMBINED', 'Porchlight Referrals + IRIS', 'Both Porchlight referrals and IRIS leads.', 3);

-- Apination (a marketplace integration): one row per brokerage that has ever changed it; no row is
-- "never enabled". changed_by is the effective user; acted_by the real one when impersonating.
create table brokerage_apination (
  brokerage_id integer primary key references brokerages (id),
  enabled boolean not null,
  changed_by integer not null references users (id),
  acted_by integer references users (id),
  changed_at timestamptz not null
);
