-- The hourly retention round (server/jobs/retention.ts) deletes by "expired or used/revoked before the
-- bound": each side of the OR needs an index of its own (a BitmapOr of the two), or every round reads
-- the whole table. The used/revoked ones are partial (most rows are neither). The round that removes
-- one-time codes from sent messages reads only the messages whose text still holds one (partial index
-- on the same condition), not the whole outbox.

create index access_tokens_expires_idx on access_tokens (expires_at);
create index access_tokens_revoked_idx on access_tokens (revoked_at) where revoked_at is not null;
create index refresh_tokens_revoked_idx on refresh_tokens (revoked_at) where revoked_at is not null;
create index otp_challenges_expires_idx on otp_challenges (expires_at);
create index otp_challenges_used_idx on otp_challenges (used_at) where used_at is not null;
create index authorization_codes_expires_idx on authorization_codes (expires_at);
create index authorization_codes_used_idx on authorization_codes (used_at) where used_at is not null;
create index event_tickets_used_idx on event_tickets (used_at) where used_at is not null;
create index invites_used_idx on invites (used_at) where used_at is not null;
create index invites_revoked_idx on invites (revoked_at) where revoked_at is not null;
create index invites_reset_expires_idx on invites (expires_at) where kind = 'RESET';
create index outbox_code_bodies_idx on outbox (id) where body ~ 'code is [0-9]{6}' or body ~ '/register/[^[]';
