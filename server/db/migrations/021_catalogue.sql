-- Issue 17 (engineer P): the rest of the call catalogue behind the staff agent view and the
-- opportunity view: MLS boards, agents' support cases, referral partners and workflow tasks.

-- MLS boards (GET /agents-api/mls-board): the reference list, and the boards each agent belongs to.
create table mls_boards (
  id serial primary key,
  code text not null unique,
  name text not null,
  state text not null check (state ~ '^[A-Z]{2}$')
);
create index mls_boards_state_idx on mls_boards (state, name);

create table agent_mls_boards (
  agent_id integer not null references agents (id),
  mls_board_id integer not null references mls_boards (id),
  primary key (agent_id, mls_board_id)
);

-- An agent's support cases (GET /interviews-api/agent-support/cases), newest first per agent.
create table agent_support_cases (
  id serial primary key,
  agent_id integer not null references agents (id),
  subject text not null,
  category text not null check (category in ('SIGN_IN', 'REFERRAL', 'PROFILE', 'APP', 'BILLING', 'OTHER')),
  status text not null check (status in ('OPEN', 'PENDING', 'RESOLVED', 'CLOSED')),
  priority text not null check (priority in ('LOW', 'NORMAL', 'HIGH')),
  opened_by integer references users (id),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  closed_at timestamptz,
  check ((status in ('RESOLVED', 'CLOSED')) = (closed_at is not null))
);
create index agent_support_cases_agent_idx on agent_support_cases (agent_id, created_at desc, id desc);

-- Referral partners (GET /interviews-api/partners/{id}): who sent an opportunity in.
create table partners (
  id serial primary key,
  name text not null unique,
  type text not null check (type in ('LENDER', 'BUILDER', 'RELOCATION', 'WEBSITE', 'AFFINITY')),
  contact_name text,
  email text,
  phone text,
  website text,
  active boolean not null default true,
  created_at timestamptz not null default now()
);
alter table opportunities add column partner_id integer references partners (id);
create index opportunities_partner_idx on opportunities (partner_id, status);

-- Workflow tasks an opportunity waits on (GET /workflow-api/tasks).
create table workflow_tasks (
  id serial primary key,
  opportunity_id integer not null references opportunities (id),
  type text not null check (type in ('CALL_BACK', 'VERIFY_CONTACT', 'QUALIFY', 'ASSIGN_AGENT', 'AGENT_FOLLOW_UP', 'PARTNER_UPDATE')),
  name text not null,
  status text not null check (status in ('OPEN', 'IN_PROGRESS', 'DONE', 'CANCELLED')),
  assignee_user_id integer references users (id),
  due_at timestamptz,
  created_at timestamptz not null,
  completed_at timestamptz,
  check ((status in ('DONE', 'CANCELLED')) = (completed_at is not null))
);
create index workflow_tasks_opportunity_idx on workflow_tasks (opportunity_id, created_at desc, id desc);
create index workflow_tasks_open_due_idx on workflow_tasks (due_at, id) where status in ('OPEN', 'IN_PROGRESS');
