-- The lender's console (issue 13): loan officers can be deactivated, and the opportunities
-- transferred to a loan office become lender referrals with their own steps, history and notes.

alter table loan_officers add column status text not null default 'ACTIVE' check (status in ('ACTIVE', 'INACTIVE'));
alter table loan_officers add column deactivated_at timestamptz;
-- One officer per email address within an office (the add form answers 409 on a duplicate).
create unique index loan_officers_office_email_idx on loan_officers (loan_office_id, lower(email));
create index loan_officers_office_status_idx on loan_officers (loan_office_id, status, lower(last_name));

-- The lender steps of docs/decisions.md (Lender console): RECEIVED, CONTACTED, PRE_APPROVED,
-- APPLICATION, UNDERWRITING, CLOSED, LOST. An opportunity goes to at most one loan office.
create table lender_referrals (
  id serial primary key,
  loan_office_id integer not null references loan_offices (id),
  opportunity_id integer not null unique references opportunities (id),
  brokerage_id integer not null references brokerages (id),
  agent_id integer references agents (id),
  loan_officer_id integer references loan_officers (id),
  status text not null default 'RECEIVED'
    check (status in ('RECEIVED', 'CONTACTED', 'PRE_APPROVED', 'APPLICATION', 'UNDERWRITING', 'CLOSED', 'LOST')),
  loan_amount_cents bigint,
  lost_reason text,
  received_at timestamptz not null,
  first_contact_at timestamptz,
  closed_at timestamptz,
  updated_at timestamptz not null default now()
);
create index lender_referrals_office_received_idx on lender_referrals (loan_office_id, received_at desc, id);
create index lender_referrals_office_status_idx on lender_referrals (loan_office_id, status);
create index lender_referrals_officer_idx on lender_referrals (loan_officer_id, status);
create index lender_referrals_brokerage_idx on lender_referrals (brokerage_id, received_at desc);

create table lender_referral_events (
  id serial primary key,
  lender_referral_id integer not null references lender_referrals (id),
  type text not null check (type in ('RECEIVED', 'ASSIGNED', 'UNASSIGNED', 'STATUS_CHANGED')),
  from_status text,
  to_status text,
  loan_officer_id integer references loan_officers (id),
  detail text,
  actor_user_id integer references users (id),
  created_at timestamptz not null default now()
);
create index lender_referral_events_referral_idx on lender_referral_events (lender_referral_id, created_at);

create table lender_referral_notes (
  id serial primary key,
  lender_referral_id integer not null references lender_referrals (id),
  author_user_id integer references users (id),
  body text not null,
  created_at timestamptz not null default now()
);
create index lender_referral_notes_referral_idx on lender_referral_notes (lender_referral_id, created_at desc);
