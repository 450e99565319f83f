-- The lender referral list sorted by buyer, and searched by the buyer's name, email or phone
-- (server/routes/lenders-match-api/lender-referrals.ts), read the buyer from the referral's opportunity
-- once per referral of the office: at the 1,000x seed one office holds 34,000 referrals, so a page of
-- "buyer A-Z" cost 196 ms and a search 225 ms (docs/bench/scale-1000x-2026-11-29.md). The buyer's sort key
-- and search text are kept on the referral, from the opportunity, by triggers in the writing transaction:
-- the sort is read from an index on (office, key) and the search from a trigram index. Decision 0121;
-- tests/api/lender-referral-buyer.test.ts checks both against the opportunities after writes.

-- "Last First", lowercased: the order of the buyer column.
create function lender_buyer_sort(first text, last text) returns text
language sql immutable parallel safe as $$ select lower(concat_ws(' ', last, first)) $$;

-- Name, email and phone, each as the search matched them before, apart by chr(31): the route finds
-- candidates in the whole text by its trigram index and keeps a match within one of the three.
create function lender_buyer_search(first text, last text, email text, phone text) returns text
language sql immutable parallel safe as $$
  select lower(concat_ws(' ', first, last)) || chr(31) || lower(coalesce(email, '')) || chr(31) || coalesce(phone, '')
$$;

alter table lender_referrals add column buyer_sort text, add column buyer_search text;

create function lender_referral_buyer_fill() returns trigger
language plpgsql as $$
begin
  select lender_buyer_sort(op.contact_first, op.contact_last),
         lender_buyer_search(op.contact_first, op.contact_last, op.contact_email, op.contact_phone)
    into new.buyer_sort, new.buyer_search
    from opportunities op where op.id = new.opportunity_id;
  return new;
end;
$$;

create trigger lender_referral_buyer_fill before insert or update of opportunity_id on lender_referrals
  for each row execute function lender_referral_buyer_fill();

create function opportunity_buyer_sync() returns trigger
language plpgsql as $$
begin
  update lender_referrals
     set buyer_sort = lender_buyer_sort(new.contact_first, new.contact_last),
         buyer_search = lender_buyer_search(new.contact_first, new.contact_last, new.contact_email, new.contact_phone)
   where opportunity_id = new.id;
  return null;
end;
$$;

create trigger opportunity_buyer_sync after update of contact_first, contact_last, contact_email, contact_phone
  on opportunities for each row
  when (old.contact_first is distinct from new.contact_first or old.contact_last is distinct from new.contact_last
    or old.contact_email is distinct from new.contact_email or old.contact_phone is distinct from new.contact_phone)
  execute function opportunity_buyer_sync();

-- Referrals written before this migration.
update lender_referrals lr
   set buyer_sort = lender_buyer_sort(op.contact_first, op.contact_last),
       buyer_search = lender_buyer_search(op.contact_first, op.contact_last, op.contact_email, op.contact_phone)
  from opportunities op
 where op.id = lr.opportunity_id;

create index lender_referrals_office_buyer_idx on lender_referrals (loan_office_id, buyer_sort);
create index lender_referrals_brokerage_buyer_idx on lender_referrals (brokerage_id, buyer_sort);
create index lender_referrals_buyer_search_idx on lender_referrals using gin (buyer_search gin_trgm_ops);
