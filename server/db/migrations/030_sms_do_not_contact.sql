-- Bulk SMS compliance (issue 33): a recipient whose lead is marked DO_NOT_CONTACT (or whose number
-- belongs to such a lead) is suppressed with its own reason, before quiet hours are considered.
alter table sms_job_recipients drop constraint sms_job_recipients_reason_check;
alter table sms_job_recipients add constraint sms_job_recipients_reason_check
  check (reason in ('DNC', 'DO_NOT_CONTACT', 'INVALID', 'DUPLICATE', 'QUIET_HOURS'));
