-- The QA queue of one handler (server/routes/interviews-api/qa-reviews.ts, queueTotal): its total counted
-- the handler's rows of the status, 167,000 awaiting reviews of one handler at the 1,000x seed, in
-- parallel workers whose start-up was most of its 60 ms. Migration 026's counts per status are now kept
-- per status and handler (handler_key: the handler's id, 0 for none), so the queue filtered by status and
-- handler alone reads one kept row per status; a sum over a status's rows is the count per status as
-- before. The trigger also follows a change of handler. tests/api/qa-review-counts.test.ts checks the
-- kept counts against the rows.

alter table qa_review_counts add column handler_key integer not null default 0;
alter table qa_review_counts drop constraint qa_review_counts_pkey;
alter table qa_review_counts add primary key (status, handler_key);

create or replace function qa_review_counts_sync() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.status = old.status and new.handled_by is not distinct from old.handled_by then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    update qa_review_counts set n = n - 1 where status = old.status and handler_key = coalesce(old.handled_by, 0);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into qa_review_counts as c (status, handler_key, n) values (new.status, coalesce(new.handled_by, 0), 1)
    on conflict (status, handler_key) do update set n = c.n + 1;
  end if;
  return null;
end;
$$;

-- Migration 063's rebuild, in the new shape (the large seed loads without the trigger and calls it).
create or replace function kept_rebuild_qa_review_counts() returns void language sql as $$
  delete from qa_review_counts;
  insert into qa_review_counts (status, handler_key, n)
    select status, coalesce(handled_by, 0), count(*) from qa_reviews group by 1, 2;
$$;

-- Reviews written before this migration.
select kept_rebuild_qa_review_counts();
