-- Which marketplace (or other) items each user has seen: drives the navigation chip.
create table viewed_items (
  user_id integer not null references users (id) on delete cascade,
  location text not null,
  item text not null,
  viewed boolean not null default true,
  updated_at timestamptz not null default now(),
  primary key (user_id, location, item)
);
