// The lender steps of a lender referral (docs/decisions/0013-lender-referrals-steps-and-access.md):
// the spec names only the opportunity statuses that hand a buyer to a loan office, so the steps are
// the ones a mortgage team works through. Pure rules, used by the server (what a status change may
// do) and the console.

export const LENDER_STEPS = [
  'RECEIVED',
  'CONTACTED',
  'PRE_APPROVED',
  'APPLICATION',
  'UNDERWRITING',
  'CLOSED',
  'LOST',
] as const;
export type LenderStep = (typeof LENDER_STEPS)[number];

export const LENDER_STEP_LABELS: Record<LenderStep, string> = {
  RECEIVED: 'Received',
  CONTACTED: 'Contacted',
  PRE_APPROVED: 'Pre-Approved',
  APPLICATION: 'Application Taken',
  UNDERWRITING: 'In Underwriting',
  CLOSED: 'Loan Closed',
  LOST: 'Not Proceeding',
};

/** The forward path; CLOSED ends it, LOST leaves it from any open step. */
const PATH: readonly LenderStep[] = ['RECEIVED', 'CONTACTED', 'PRE_APPROVED', 'APPLICATION', 'UNDERWRITING', 'CLOSED'];
export const OPEN_STEPS: readonly LenderStep[] = [
  'RECEIVED',
  'CONTACTED',
  'PRE_APPROVED',
  'APPLICATION',
  'UNDERWRITING',
];

export const isLenderStep = (s: string): s is LenderStep => (LENDER_STEPS as readonly string[]).includes(s);
export const isOpenStep = (s: string) => (OPEN_STEPS as readonly string[]).includes(s);

/**
 * Where a referral may go from `from`: any later step of the path (a loan officer may learn of
 * several at once), LOST from an open step (with a reason), and back to CONTACTED from LOST (the
 * buyer came back). A closed loan is final; no step goes backwards, so the history stays a timeline.
 */
export function nextLenderSteps(from: LenderStep): LenderStep[] {
  if (from === 'CLOSED') return [];
  if (from === 'LOST') return ['CONTACTED'];
  const at = PATH.indexOf(from);
  return [...PATH.slice(at + 1), 'LOST'];
}

export const canMoveLenderStep = (from: LenderStep, to: LenderStep) => nextLenderSteps(from).includes(to);

/** Reasons a lender records when a buyer does not proceed (RESPA-neutral, no payment terms). */
export const LOST_REASONS = [
  'Unresponsive',
  'Chose another lender',
  'Did not qualify',
  'No longer buying',
  'Paying cash',
  'Other',
] as const;
