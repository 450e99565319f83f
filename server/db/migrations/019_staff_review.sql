-- Staff administration, part 2 (issue 16, engineer L): QA review of recorded calls and the contact
-- center's Twilio tasks (a stand-in provider table, DECISIONS.md "stand-ins at the boundary").

-- A call's recordings as the recording provider knows them (provider_ref is its id there); the
-- audio itself comes from server/contact-center/recordings.ts.
create table call_recordings (
  id serial primary key,
  interaction_id integer not null references interactions (id),
  duration_seconds integer not null check (duration_seconds > 0),
  provider_ref text not null unique,
  created_at timestamptz not null default now()
);
create index call_recordings_interaction_idx on call_recordings (interaction_id);

-- The QA queue: one row per recorded call, copied from its interaction when the recording arrives
-- (opportunity, call time, who handled it, disposition), so the queue and its counts are one indexed
-- table. status AWAITING until a reviewer saves a scorecard (criteria: { key: passed }).
create table qa_reviews (
  interaction_id integer primary key references interactions (id),
  opportunity_id integer not null references opportunities (id),
  call_at timestamptz not null,
  handled_by integer references users (id),
  disposition_id integer references dispositions (id),
  status text not null default 'AWAITING' check (status in ('AWAITING', 'PASSED', 'FAILED')),
  criteria jsonb,
  comment text,
  reviewer_id integer references users (id),
  reviewed_at timestamptz,
  check ((status = 'AWAITING') = (reviewed_at is null))
);
create index qa_reviews_status_call_idx on qa_reviews (status, call_at desc, interaction_id desc);
create index qa_reviews_disposition_idx on qa_reviews (disposition_id, status, call_at desc);
create index qa_reviews_handler_idx on qa_reviews (handled_by, status, call_at desc);
create index qa_reviews_opportunity_idx on qa_reviews (opportunity_id);
create index qa_reviews_reviewed_idx on qa_reviews (reviewed_at desc, interaction_id desc) include (status, reviewer_id) where reviewed_at is not null;
create index qa_reviews_reviewer_idx on qa_reviews (reviewer_id, reviewed_at desc) include (status) where reviewer_id is not null;

-- Open TaskRouter tasks of the contact center (stand-in for Twilio's; sid as Twilio writes it).
create table contact_center_tasks (
  id serial primary key,
  sid text not null unique check (sid ~ '^WT[0-9a-f]{32}$'),
  opportunity_id integer references opportunities (id),
  brokerage_id integer references brokerages (id),
  channel text not null check (channel in ('voice', 'sms', 'chat', 'email')),
  status text not null check (status in ('pending', 'reserved', 'assigned', 'wrapping')),
  queue_name text not null,
  assignee_user_id integer references users (id),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index contact_center_tasks_created_idx on contact_center_tasks (created_at, id);
create index contact_center_tasks_brokerage_idx on contact_center_tasks (brokerage_id, created_at, id);
