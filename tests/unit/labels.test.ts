import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { codeLabel, enumLabel, LABEL_TABLES, type LabelKind } from '../../src/contract/labels.ts';
import { prettify } from '../../src/lib/format.ts';
import { statusLabel } from '../../src/lib/opportunity-status.ts';

/** Screens still naming values through prettify, to be moved onto the label tables: none left; keep it empty. */
const NOT_YET_ON_TABLES = new Set<string>([]);

/**
 * Every enum the contract exports (an array of upper-case codes) and the label table that names its
 * values on screens and in exports. An enum added to the contract fails this test until it has a
 * table here, or a line in NEVER_SHOWN saying why no screen prints it.
 */
const ENUM_TABLES: Record<string, LabelKind> = {
  AGENT_STATUSES: 'agentStatus',
  ADMIN_STATUSES: 'adminStatus',
  ANNOUNCEMENT_STATUSES: 'announcementStatus',
  ANNOUNCEMENT_AUDIENCES: 'announcementAudience',
  ANNOUNCEMENT_PRIORITIES: 'announcementPriority',
  ANNOUNCEMENT_PRODUCT_FAMILIES: 'productFamily',
  PRODUCT_FAMILIES: 'productFamily',
  PRODUCTS: 'productFamily',
  ASSIGNMENT_MODES: 'assignmentMode',
  BROKERAGE_STATUSES: 'brokerageStatus',
  CLIENT_TYPES: 'clientType',
  DNC_CHANNELS: 'dncChannel',
  DNC_TYPES: 'dncType',
  TEMPLATE_IDS: 'emailTemplate',
  FOLLOWUP_TYPES: 'followupType',
  INTERACTION_DIRECTIONS: 'interactionDirection',
  INTERACTION_TYPES: 'interactionType',
  INVITE_STATES: 'inviteState',
  LEAD_KINDS: 'leadType',
  LEAD_TYPES: 'leadType',
  LOAN_OFFICER_STATUSES: 'loanOfficerStatus',
  NOTIFICATION_TYPES: 'notificationType',
  SENDABLE_NOTIFICATION_TYPES: 'notificationType',
  OPPORTUNITY_STATUSES: 'opportunityStatus',
  PARTNER_TYPES: 'partnerType',
  POTENTIAL_AGENT_STATUSES: 'potentialAgentStatus',
  POTENTIAL_AGENT_LIST_STATUSES: 'potentialAgentListStatus',
  QA_STATUSES: 'qaStatus',
  REFERRAL_CATEGORIES: 'referralCategory',
  QA_STATUS_FILTERS: 'qaStatusFilter',
  REFERRAL_STAGES: 'referralStage',
  SMS_RECIPIENT_STATUSES: 'smsRecipientStatus',
  SMS_SUPPRESSIONS: 'smsSuppression',
  SUPPORT_CASE_STATUSES: 'supportCaseStatus',
  MESSAGE_CHANNELS: 'messageChannel',
  NOTICE_KINDS: 'noticeKind',
  NOTICE_CHANNELS: 'noticeChannel',
  MESSAGE_KINDS: 'messageKind',
  MESSAGE_STATUSES: 'messageStatus',
  TASK_CHANNELS: 'taskChannel',
  TASK_STATUSES: 'taskStatus',
  USAGE_TYPES: 'usageType',
  WORKFLOW_TASK_STATUSES: 'workflowTaskStatus',
};
/** Contract enums no screen or export prints, with the reason. */
const NEVER_SHOWN: Record<string, string> = {
  NOT_JOINED_STATUSES: 'a subset of AGENT_STATUSES (who has not joined yet), printed through the agentStatus table',
  ANALYTICS_KINDS: "the console's own usage events, stored and counted, never listed",
  BROKER_REFERRAL_SORT_KEYS: "sort keys; the sort menu names each by its column's header",
  MY_AGENT_SORT_KEYS: "sort keys; the sort menu names each by its column's header",
  ADDRESS_VERDICTS: 'decides which address message a form shows; the verdict itself is never printed',
  FLEX_ATTRIBUTE_TYPES: "decides which input a flex attribute gets; its label is the attribute's own",
  EVENT_TYPES: "the live stream's change types, which decide what the console reads again; no screen prints one",
};
const contract = import.meta.glob<Record<string, unknown>>('../../src/contract/*.ts', { eager: true });
const contractEnums = Object.values(contract)
  .flatMap((m) => Object.entries(m))
  .filter(
    (e): e is [string, string[]] =>
      Array.isArray(e[1]) &&
      e[1].length > 1 &&
      e[1].every((x) => typeof x === 'string' && /^([A-Z][A-Z0-9_]*|[a-z][a-z0-9_]*)$/.test(x)),
  );

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );

describe('one label table per enum', () => {
  it.each(Object.keys(LABEL_TABLES) as LabelKind[])(
    '%s: every value has a label in words, never the raw enum',
    (kind) => {
      const rows = Object.entries(LABEL_TABLES[kind] as Record<string, string>);
      expect(rows.length).toBeGreaterThan(1);
      for (const [value, label] of rows) {
        expect(label, value).not.toMatch(/_/);
        expect(label, value).not.toBe('');
        if (value.length > 4) expect(label, value).not.toBe(value); // BUYER_X would print as itself
        expect(enumLabel(kind, value)).toBe(label);
      }
    },
  );

  it('every enum of the contract has its table, and that table names each of its values', () => {
    expect(contractEnums.length).toBeGreaterThan(30);
    const names = contractEnums.map(([name]) => name);
    expect(names.filter((n) => !(n in ENUM_TABLES) && !(n in NEVER_SHOWN))).toEqual([]);
    expect([...Object.keys(ENUM_TABLES), ...Object.keys(NEVER_SHOWN)].filter((n) => !names.includes(n))).toEqual([]);
    for (const [name, values] of contractEnums) {
      const kind = ENUM_TABLES[name];
      if (!kind) continue;
      const table = LABEL_TABLES[kind] as Readonly<Record<string, string>>;
      expect(
        values.filter((value) => table[value] === undefined),
        `${name} in ${kind}`,
      ).toEqual([]);
    }
  });

  it('names an opportunity status the same way as the dashboard', () => {
    for (const [status, label] of Object.entries(LABEL_TABLES.opportunityStatus))
      expect(statusLabel(status)).toBe(label);
    expect(enumLabel('opportunityStatus', 'IN_PRIORITY_NURTURE')).toBe('Previous Interest');
    expect(enumLabel('opportunityStatus', 'NO_AGENT_ACCEPT')).toBe('No Agent Accepted');
    expect(enumLabel('opportunityStatus', 'TRANSFERRED_TO_IBUYER')).toBe('Transferred To iBuyer');
  });

  it('writes abbreviations as they are written, and reads nothing as "-"', () => {
    expect(prettify('SMS_TEMPLATE')).toBe('SMS Template');
    expect(codeLabel('DNC')).toBe('DNC');
    expect(enumLabel('taskChannel', 'sms')).toBe('SMS');
    expect(enumLabel('agentStatus', null)).toBe('-');
    expect(enumLabel('interactionType', 'SMS')).toBe('Text');
  });

  it('no screen names a value with prettify outside the tables (the list of those still to move only shrinks)', () => {
    const users = walk('src')
      .filter(
        (f) =>
          /\.(ts|tsx)$/.test(f) &&
          (f.startsWith('src/features') ||
            f.startsWith('src/ui') ||
            f.startsWith('src/widgets') ||
            f.startsWith('src/app')),
      )
      .filter((f) => /\bprettify\(/.test(readFileSync(f, 'utf8')));
    const unexpected = users.filter((f) => !NOT_YET_ON_TABLES.has(f));
    expect(unexpected).toEqual([]);
    expect([...NOT_YET_ON_TABLES].filter((f) => !users.includes(f))).toEqual([]);
  });
});
