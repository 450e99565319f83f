-- My Leads' search counted within the brokerage (decision 0130). The total of a search ("smi") was a
-- count over the trigram indexes of migration 013: they hold every brokerage's leads and always ask for
-- a recheck, so the count read each match of every brokerage from the table (37,000 rows on 25,900 pages
-- at the 1,000x seed, 57 ms, of which 24,665 were the brokerage's).
--
-- Here each lead's search text is indexed as keys that carry the brokerage and the product: the
-- brokerage id, the product's first letter, then one trigram of the text, "1Lsmi". Only the trigrams
-- pg_trgm finds inside the words of the name and email (three ASCII letters or digits, no padding), and
-- the all-digit ones of the phone, are keys. A brokerage's search then reads its own matches only, and
-- array containment needs no recheck.
--
-- What a key promises: a lead holds the key "<b><p>abc" exactly when its brokerage is b, its product
-- starts with p, and "abc" (three ASCII letters or digits) is part of its lower-case name ("first last")
-- or email, or "abc" is three digits and part of its phone. That is the search's own rule
-- (server/routes/interviews-api/iris-leads.ts) for a three-character search, so that count is the
-- keys' alone; a longer search asks for all its trigrams and checks the rows with the search itself.
-- tests/api/lead-search-keys.test.ts checks both against the search's rule.

-- show_trgm is named with the schema pg_trgm was installed in: a restore (pg_restore) builds the index
-- with an empty search path.
do $migration$
begin
  execute format($f$
    create function lead_search_keys(brokerage_id integer, product text, first_name text, last_name text,
                                     email text, phone text) returns text[]
    language plpgsql immutable parallel safe as $body$
    declare
      prefix text := brokerage_id::text || left(product, 1);
      keys text[] := '{}';
      g text;
    begin
      foreach g in array %1$s.show_trgm(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '')) loop
        -- A padded trigram has a space; a trigram with a character past ASCII is shown as 0x and a hash.
        if char_length(g) = 3 and position(' ' in g) = 0 then
          keys := keys || (prefix || g);
        end if;
      end loop;
      if phone is not null then
        foreach g in array %1$s.show_trgm(phone) loop
          if char_length(g) = 3 and translate(g, '0123456789', '') = '' then
            keys := keys || (prefix || g);
          end if;
        end loop;
      end if;
      return keys;
    end
    $body$$f$, (select extnamespace::regnamespace::text from pg_extension where extname = 'pg_trgm'));
end
$migration$;

create index opportunities_search_keys_idx on opportunities
  using gin (lead_search_keys(brokerage_id, product, contact_first, contact_last, contact_email, contact_phone));
