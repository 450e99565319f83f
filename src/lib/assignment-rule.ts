// The referral assignment rule: one pure function decides who gets an opportunity and
// says why for every candidate. The server uses it to assign (automatic and forced assignment),
// to record the decision, and to explain a ZIP code or an opportunity; nothing else decides.
//
// A candidate is eligible when every check passes, in this order:
//   BROKERAGE  with the opportunity's brokerage (when the lead has one)
//   COVERAGE   one of the agent's coverage areas holds the ZIP (by ZIP, or by the ZIP's city and state)
//   EXCLUSION  the ZIP is not one of the agent's excluded areas
//   STATUS     the agent is ACTIVE
//   ADMIN_HOLD no admin hold is placed on the agent
//   OVERDUE    fewer than MAX_OVERDUE_REFERRALS overdue referrals
//   DECLINED   the agent has not already declined this opportunity
// The eligible are ranked by score (highest first; no score counts as 0), then by fewer open
// referrals, then by agent id (the older account). The first is chosen.
// A forced assignment chooses the staff member's agent instead; only FORCE_BLOCKING statuses and
// another brokerage refuse it (the other checks are shown, not enforced).

export const MAX_OVERDUE_REFERRALS = 3;
export const FORCE_BLOCKING_STATUSES = ['DELETED', 'DEACTIVATED'];

export type CheckName =
  'BROKERAGE' | 'COVERAGE' | 'EXCLUSION' | 'STATUS' | 'ADMIN_HOLD' | 'OVERDUE' | 'DECLINED' | 'RANK';
export const CHECK_LABELS: Record<CheckName, string> = {
  BROKERAGE: 'Brokerage',
  COVERAGE: 'Coverage area',
  EXCLUSION: 'Exclusion',
  STATUS: 'Status',
  ADMIN_HOLD: 'Admin hold',
  OVERDUE: 'Overdue referrals',
  DECLINED: 'Already declined',
  RANK: 'Score',
};

export interface Area {
  zip: string | null;
  city: string | null;
  state: string | null;
}

export interface AssignmentLead {
  brokerageId: number | null;
  zip: string | null;
  /** the ZIP's city and state from zipCodes, when known */
  city: string | null;
  state: string | null;
}

export interface AssignmentCandidate {
  agentId: number;
  name: string;
  brokerageId: number;
  status: string;
  holds: string[];
  coverage: Area[];
  exclusions: string[];
  overdueCount: number;
  openReferrals: number;
  score: number | null;
  declined: boolean;
}

export interface Check {
  check: CheckName;
  passed: boolean;
  detail: string;
}

export interface Verdict {
  agentId: number;
  name: string;
  outcome: 'CHOSEN' | 'SKIPPED';
  /** 1-based place in the decision: the ranked eligible first, then the skipped by name */
  position: number;
  eligible: boolean;
  checks: Check[];
  /** why chosen or skipped, in words */
  reasons: string[];
}

export interface Decision {
  mode: 'AUTOMATIC' | 'FORCED';
  chosenAgentId: number | null;
  summary: string;
  /** every candidate's verdict in position order, or only those of the window asked for */
  candidates: Verdict[];
  /** how many candidates were weighed (the window's total) */
  candidateCount: number;
}

/** A run of positions (0-based offset) whose verdicts are written out; the rule still weighs every candidate. */
export interface VerdictWindow {
  offset: number;
  limit: number;
}

export interface Forcing {
  agentId: number;
  byName: string;
}

const areaText = (a: Area) => (a.zip ? `ZIP ${a.zip}` : `${a.city ?? ''}, ${a.state ?? ''}`);
const scoreText = (s: number | null) => (s === null ? 'no score' : `score ${s.toFixed(2)}`);

function coverageOf(c: AssignmentCandidate, lead: AssignmentLead): Area | null {
  if (!lead.zip) return null;
  return (
    c.coverage.find((a) => a.zip === lead.zip) ??
    c.coverage.find(
      (a) =>
        a.zip === null &&
        lead.city !== null &&
        lead.state !== null &&
        a.city?.toLowerCase() === lead.city.toLowerCase() &&
        a.state === lead.state,
    ) ??
    null
  );
}

/** Every check of one candidate, passed or not, with its detail. */
export function checksFor(c: AssignmentCandidate, lead: AssignmentLead): Check[] {
  const covered = coverageOf(c, lead);
  const excluded = lead.zip !== null && c.exclusions.includes(lead.zip);
  const checks: Check[] = [];
  if (lead.brokerageId !== null) {
    const same = c.brokerageId === lead.brokerageId;
    checks.push({
      check: 'BROKERAGE',
      passed: same,
      detail: same ? "With the opportunity's brokerage" : "Not with the opportunity's brokerage",
    });
  }
  checks.push({
    check: 'COVERAGE',
    passed: covered !== null,
    detail: covered
      ? `Covers ${areaText(covered)}`
      : lead.zip
        ? `No coverage area holds ${lead.zip}`
        : 'The opportunity has no ZIP code',
  });
  checks.push({
    check: 'EXCLUSION',
    passed: !excluded,
    detail: excluded ? `Excludes ZIP ${lead.zip ?? ''}` : 'No exclusion applies',
  });
  checks.push({
    check: 'STATUS',
    passed: c.status === 'ACTIVE',
    detail: c.status === 'ACTIVE' ? 'Active' : `Status is ${c.status}`,
  });
  checks.push({
    check: 'ADMIN_HOLD',
    passed: c.holds.length === 0,
    detail: c.holds.length === 0 ? 'No admin hold' : `On admin hold: ${c.holds.join(', ')}`,
  });
  const overdueOk = c.overdueCount < MAX_OVERDUE_REFERRALS;
  checks.push({
    check: 'OVERDUE',
    passed: overdueOk,
    detail: `${c.overdueCount} overdue ${c.overdueCount === 1 ? 'referral' : 'referrals'}${overdueOk ? '' : ` (limit ${MAX_OVERDUE_REFERRALS - 1})`}`,
  });
  checks.push({
    check: 'DECLINED',
    passed: !c.declined,
    detail: c.declined ? 'Already declined this opportunity' : 'Has not declined it',
  });
  return checks;
}

/** Ranking of eligible candidates: score desc (null as 0), open referrals asc, agent id asc. */
export function compareCandidates(a: AssignmentCandidate, b: AssignmentCandidate): number {
  return (b.score ?? 0) - (a.score ?? 0) || a.openReferrals - b.openReferrals || a.agentId - b.agentId;
}

/** Why `winner` outranks `other`, in words. */
function beats(winner: AssignmentCandidate, other: AssignmentCandidate): string {
  if ((winner.score ?? 0) !== (other.score ?? 0)) return `${scoreText(winner.score)} beats ${scoreText(other.score)}`;
  if (winner.openReferrals !== other.openReferrals) {
    return `same score; ${winner.openReferrals} open referrals against ${other.openReferrals}`;
  }
  return `same score and open referrals; the older account (agent ${winner.agentId}) goes first`;
}

/** The hard refusal of a forced assignment, or null when it may go ahead. */
export function forceRefusal(
  c: Pick<AssignmentCandidate, 'status' | 'brokerageId'>,
  lead: Pick<AssignmentLead, 'brokerageId'>,
): string | null {
  if (FORCE_BLOCKING_STATUSES.includes(c.status))
    return `The agent cannot take referrals while ${c.status.toLowerCase()}`;
  if (lead.brokerageId !== null && c.brokerageId !== lead.brokerageId)
    return "The agent is not with the opportunity's brokerage";
  return null;
}

// One collator for every comparison: String.prototype.localeCompare with the default locale, without
// building the locale's collation data again on each call (a market's ZIP has 1,666 candidates at scale).
const compareNames = new Intl.Collator().compare;

/**
 * The decision for one lead over its candidates; with `forced`, the staff member's choice. With a
 * `window`, only the verdicts at those positions are written out (an explanation's page); the order,
 * the choice and the summary are those of every candidate.
 */
export function decideAssignment(
  lead: AssignmentLead,
  candidates: AssignmentCandidate[],
  forced?: Forcing,
  window?: VerdictWindow,
): Decision {
  const evaluated = candidates.map((c) => {
    const checks = checksFor(c, lead);
    return { c, checks, eligible: checks.every((k) => k.passed) };
  });
  const ranked = evaluated.filter((e) => e.eligible).sort((a, b) => compareCandidates(a.c, b.c));
  const skipped = evaluated
    .filter((e) => !e.eligible)
    .sort((a, b) => compareNames(a.c.name, b.c.name) || a.c.agentId - b.c.agentId);
  const ruleWinner = ranked[0]?.c ?? null;
  const chosenId = forced ? forced.agentId : (ruleWinner?.agentId ?? null);
  const chosen = candidates.find((c) => c.agentId === chosenId) ?? null;

  const ordered = [...ranked, ...skipped];
  const first = window ? Math.min(window.offset, ordered.length) : 0;
  const shown = window ? ordered.slice(first, first + window.limit) : ordered;
  const verdicts = shown.map((e, at): Verdict => {
    const i = first + at;
    const { c, checks, eligible } = e;
    const failed = checks.filter((k) => !k.passed).map((k) => k.detail);
    const reasons: string[] = [];
    // The ranked come first in `ordered`: an eligible candidate's place there is its rank.
    const rank = eligible ? i + 1 : 0;
    if (c.agentId === chosenId && forced) {
      reasons.push(`Forced by ${forced.byName}`);
      if (failed.length > 0) reasons.push(`The rule would have skipped this agent: ${failed.join('; ')}`);
      else if (ruleWinner && ruleWinner.agentId !== c.agentId)
        reasons.push(`The rule ranked this agent ${rank} of ${ranked.length}`);
    } else if (c.agentId === chosenId) {
      const next = ranked[1]?.c;
      reasons.push(
        ranked.length === 1
          ? 'The only eligible agent'
          : `Ranked first of ${ranked.length} eligible agents: ${next ? beats(c, next) : ''} (${next?.name ?? ''})`,
      );
    } else if (eligible) {
      if (forced && ruleWinner?.agentId === c.agentId)
        reasons.push('The rule would have chosen this agent; the assignment was forced');
      else if (ruleWinner)
        reasons.push(`Eligible, ranked ${rank} of ${ranked.length}: ${ruleWinner.name} has ${beats(ruleWinner, c)}`);
    } else {
      reasons.push(...failed);
    }
    const rankCheck: Check = {
      check: 'RANK',
      passed: eligible,
      detail: `${scoreText(c.score)}, ${c.openReferrals} open ${c.openReferrals === 1 ? 'referral' : 'referrals'}${eligible ? `, rank ${rank}` : ''}`,
    };
    return {
      agentId: c.agentId,
      name: c.name,
      outcome: c.agentId === chosenId ? 'CHOSEN' : 'SKIPPED',
      position: i + 1,
      eligible,
      checks: [...checks, rankCheck],
      reasons,
    };
  });

  const summary = forced
    ? `Forced by ${forced.byName} to ${chosen?.name ?? `agent ${forced.agentId}`}${ruleWinner && ruleWinner.agentId !== forced.agentId ? `; the rule would have chosen ${ruleWinner.name}` : ''}`
    : ruleWinner
      ? `${ruleWinner.name} chosen from ${ranked.length} eligible of ${candidates.length} candidates`
      : `No eligible agent among ${candidates.length} candidates`;
  return {
    mode: forced ? 'FORCED' : 'AUTOMATIC',
    chosenAgentId: chosenId,
    summary,
    candidates: verdicts,
    candidateCount: ordered.length,
  };
}
