import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeLabel, enumLabel, LABEL_TABLES, type LabelKind } from '../../src/contract/labels.ts';
import { prettify } from '../../src/lib/format.ts';
import { statusLabel } from '../../src/lib/opportunity-status.ts';

/** Screens still naming values through prettify, to be moved onto the label tables: none left; keep it empty. */
const NOT_YET_ON_TABLES = new Set<string>([]);

const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

describe('one label table per enum', () => {
  it.each(Object.keys(LABEL_TABLES) as LabelKind[])('%s: every value has a label in words, never the raw enum', (kind) => {
    const rows = Object.entries(LABEL_TABLES[kind] as Record<string, string>);
    expect(rows.length).toBeGreaterThan(1);
    for (const [value, label] of rows) {
      expect(label, value).not.toMatch(/_/);
      expect(label, value).not.toBe('');
      if (value.length > 4) expect(label, value).not.toBe(value); // BUYER_X would print as itself
      expect(enumLabel(kind, value)).toBe(label);
    }
  });

  it('names an opportunity status the same way as the dashboard', () => {
    for (const [status, label] of Object.entries(LABEL_TABLES.opportunityStatus)) expect(statusLabel(status)).toBe(label);
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
    const users = walk('src').filter((f) => /\.(ts|tsx)$/.test(f) && (f.startsWith('src/features') || f.startsWith('src/ui') || f.startsWith('src/app')))
      .filter((f) => /\bprettify\(/.test(readFileSync(f, 'utf8')));
    const unexpected = users.filter((f) => !NOT_YET_ON_TABLES.has(f));
    expect(unexpected).toEqual([]);
    expect([...NOT_YET_ON_TABLES].filter((f) => !users.includes(f))).toEqual([]);
  });
});
