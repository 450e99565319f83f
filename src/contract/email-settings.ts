import * as v from 'valibot';

import { EMAIL_PATTERN } from '../lib/validation.ts';
import { EMAIL_MAX } from './limits.ts';

// The brokerage's email settings (spec 1 section 7): which emails it receives at which addresses.

export const TEMPLATE_IDS = [
  'NEW_REFERRAL',
  'OVERDUE_REFERRALS',
  'UNDER_CONTRACT_PAST_DUE',
  'REFERRAL_CLOSED',
  'AGENT_INVITATION_REDEEMED',
  'MONTHLY_METRICS',
] as const;
export type EmailTemplateId = (typeof TEMPLATE_IDS)[number];

/** The emails a brokerage can receive (GET /users-api/emailSettings/templates). */
export const EMAIL_TEMPLATES: readonly { id: EmailTemplateId; name: string; description: string }[] = [
  { id: 'NEW_REFERRAL', name: 'New referral', description: 'A referral was assigned to one of your agents.' },
  {
    id: 'OVERDUE_REFERRALS',
    name: 'Overdue referrals digest',
    description: 'Daily list of referrals overdue for a follow-up.',
  },
  {
    id: 'UNDER_CONTRACT_PAST_DUE',
    name: 'Under contract past due',
    description: 'A referral under contract is past its closing date.',
  },
  { id: 'REFERRAL_CLOSED', name: 'Referral closed', description: 'An agent closed a referral.' },
  { id: 'AGENT_INVITATION_REDEEMED', name: 'Agent joined', description: 'An invited agent accepted the invitation.' },
  { id: 'MONTHLY_METRICS', name: 'Monthly metrics', description: 'The brokerage’s figures of the past month.' },
];

export const EmailTemplate = v.object({ id: v.string(), name: v.string(), description: v.string() });
export const EmailTemplateList = v.array(EmailTemplate);

export const EmailSetting = v.object({
  id: v.number(),
  brokerageId: v.number(),
  template: v.string(),
  email: v.string(),
  created: v.string(),
});
export type EmailSetting = v.InferOutput<typeof EmailSetting>;
export const EmailSettingList = v.array(EmailSetting);

/** POST /users-api/emailSettings: add one, or change one when id is given. Spec 1 section 5's email rule. */
export const EmailSettingBody = v.strictObject(
  {
    id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))),
    brokerageId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))),
    template: v.picklist(TEMPLATE_IDS, 'Choose an email'),
    email: v.pipe(
      v.string('Email address is required'),
      v.trim(),
      v.toLowerCase(),
      v.minLength(1, 'Email address is required'),
      v.maxLength(EMAIL_MAX, 'Invalid e-mail.'),
      v.regex(EMAIL_PATTERN, 'Invalid e-mail.'),
    ),
  },
  'unknown field',
);
export type EmailSettingBody = v.InferInput<typeof EmailSettingBody>;
