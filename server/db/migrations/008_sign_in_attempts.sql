-- Sign-in attempts are reserved before the password is checked (pending), so parallel guesses
-- count against the limits; a wrong password confirms the row, a right one deletes it.
alter table sign_in_failures add column pending boolean not null default false;
