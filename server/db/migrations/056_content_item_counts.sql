-- Content items (server/routes/interviews-api/content-items.ts) counted their list's total with
-- count(*) of content_items joined to its usages, a Seq Scan at the 1,000x seed (29,982 items) for
-- every page. The counts per usage and audience (0: none) are kept here by a trigger in the writing
-- transaction; a total without a text search sums the matching rows (a text search still counts the
-- items it matches). tests/api/content-items.test.ts checks them against the rows. Decision 0117.

create table content_item_counts (
  usage_id integer not null,
  audience_key integer not null,
  n integer not null default 0,
  primary key (usage_id, audience_key)
);

create function content_item_counts_add(u integer, a integer, sign integer) returns void
language plpgsql as $$
begin
  insert into content_item_counts as k (usage_id, audience_key, n) values (u, coalesce(a, 0), sign)
  on conflict (usage_id, audience_key) do update set n = k.n + excluded.n;
end;
$$;

create function content_item_counts_sync() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.usage_id = old.usage_id and new.audience_id is not distinct from old.audience_id then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform content_item_counts_add(old.usage_id, old.audience_id, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform content_item_counts_add(new.usage_id, new.audience_id, 1);
  end if;
  return null;
end;
$$;

create trigger content_item_counts_sync after insert or delete or update on content_items
  for each row execute function content_item_counts_sync();

-- Items written before this migration.
insert into content_item_counts (usage_id, audience_key, n)
select usage_id, coalesce(audience_id, 0), count(*) from content_items group by 1, 2;
