-- The lender console at 100x the demo seed (issue 13, bench/lenders.ts): indexes where EXPLAIN
-- ANALYZE showed a sort over a whole office, a filter after an index scan, or a heap visit per row.

-- Lists sort received_at DESC, id DESC (010's index has id ascending: an incremental sort per page).
create index lender_referrals_office_newest_idx on lender_referrals (loan_office_id, received_at desc, id desc);
-- One step of an office, newest first (status filter; the overview's closed loans per month use closed_at).
create index lender_referrals_office_step_idx on lender_referrals (loan_office_id, status, received_at desc, id desc);
create index lender_referrals_office_closed_idx on lender_referrals (loan_office_id, closed_at) where status = 'CLOSED';
-- One loan officer's referrals, newest first (officer filter, officer view); a brokerage admin's officers.
create index lender_referrals_officer_newest_idx on lender_referrals (loan_officer_id, received_at desc, id desc);
create index lender_referrals_officer_brokerage_idx on lender_referrals (loan_officer_id, brokerage_id);
-- The unassigned queue of an office.
create index lender_referrals_unassigned_idx on lender_referrals (loan_office_id, received_at desc, id desc) where loan_officer_id is null;
-- Staff without an office filter, and a brokerage admin's list, newest first.
create index lender_referrals_newest_idx on lender_referrals (received_at desc, id desc);
create index lender_referrals_brokerage_newest_idx on lender_referrals (brokerage_id, received_at desc, id desc);
-- The buyer search and buyer sort read each referral's opportunity contact: an index-only probe
-- instead of an index probe plus a heap visit.
create index opportunities_contact_idx on opportunities (id) include (contact_first, contact_last, contact_email, contact_phone);
