import * as v from 'valibot';

// The note a person adds to a record (a brokerage, an agent, an opportunity, a brokerage's referral, a
// lender referral): one rule the server checks each of those notes with and the console's notes form
// checks before sending. The agent app's own notes keep theirs (NewNote in referrals.ts).

export const NoteText = v.pipe(
  v.string('A note is required'),
  v.trim(),
  v.nonEmpty('A note is required'),
  v.maxLength(4000, 'A note must be at most 4000 characters'),
);

/** POST .../notes of a brokerage, an agent, an opportunity and a lender referral: { body }. */
export const NoteBody = v.object({ body: NoteText });
