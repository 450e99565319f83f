-- Bulk SMS send history (issue 15, engineer S): the history pages sends newest first (the id breaks
-- ties), and each send's counts by outcome are read from an index that holds the outcome, so a page
-- touches only its own sends' recipients and no table rows.
create index sms_jobs_history_idx on sms_jobs (created_at desc, id desc);
create index sms_job_recipients_outcome_idx on sms_job_recipients (job_id, status, reason);
