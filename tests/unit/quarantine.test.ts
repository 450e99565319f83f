import { describe, expect, it } from 'vitest';

import { QUARANTINE, retryVerdict } from '../setup/quarantine.ts';

describe('tests that passed only on their retry', () => {
  it('pass the run when there are none', () => {
    expect(retryVerdict([])).toEqual({ lines: [], fail: false });
  });

  it('fail the run when one is not quarantined, and name it', () => {
    const verdict = retryVerdict(['tests/api/x.test.ts > races the clock']);
    expect(verdict.fail).toBe(true);
    expect(verdict.lines.join('\n')).toContain('tests/api/x.test.ts > races the clock');
  });

  it("repeat what the failed attempt said under the test's name, at the end of the run", () => {
    const name = 'tests/components/x.test.tsx > finds its field';
    const verdict = retryVerdict(
      [name],
      new Map([[name, ['TestingLibraryElementError: Unable to find a label with the text of: Invite Code\nmore']]]),
    );
    const at = verdict.lines.indexOf(`  ${name}`);
    expect(at).toBeGreaterThan(0);
    expect(verdict.lines[at + 1]).toBe(
      '      TestingLibraryElementError: Unable to find a label with the text of: Invite Code',
    );
    expect(verdict.lines[at + 2]).toBe('      more');
  });

  it('keep the quarantine short and every entry explained', () => {
    expect(QUARANTINE.length).toBeLessThanOrEqual(5);
    for (const q of QUARANTINE) expect(q.reason.length).toBeGreaterThan(20);
    if (QUARANTINE[0]) expect(retryVerdict([QUARANTINE[0].test]).fail).toBe(false);
  });
});
