import * as v from 'valibot';

// How an agent hears of a new referral (assigned, reassigned or force-assigned to them) and of a
// broker's reminder: by push, text and email, as chosen on the agent app's profile.

export const NOTICE_KINDS = ['NEW_REFERRAL', 'REMINDER'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const NOTICE_CHANNELS = ['PUSH', 'SMS', 'EMAIL'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** Without a choice of their own: a new referral by push and text, reminders by push. */
export const DEFAULT_NOTICE_CHANNELS: Record<NoticeKind, NoticeChannel[]> = {
  NEW_REFERRAL: ['PUSH', 'SMS'],
  REMINDER: ['PUSH'],
};

const Channels = v.pipe(
  v.array(v.picklist(NOTICE_CHANNELS, 'must be PUSH, SMS or EMAIL')),
  v.maxLength(3),
  v.check((a) => new Set(a).size === a.length, 'must name each channel once'),
);

export const AgentMessagePreferences = v.object({ NEW_REFERRAL: Channels, REMINDER: Channels });
export type AgentMessagePreferences = v.InferOutput<typeof AgentMessagePreferences>;
