// Tests allowed to pass only on their retry (CI retries a failed test once, in Vitest and in
// Playwright). Any other test that needed its retry fails the run: a test that passes only on retry
// is a race to fix, not noise. Keep this list short; every entry names the test as the reporters
// print it ("<file> > <full name>") and says why it is here and what would take it off.
export interface Quarantined {
  test: string;
  reason: string;
}

export const QUARANTINE: readonly Quarantined[] = [];

export const isQuarantined = (name: string): boolean => QUARANTINE.some((q) => q.test === name);

/** The verdict printed at the end of a run: the retried tests, split into quarantined and failing. */
export function retryVerdict(retried: readonly string[]): { lines: string[]; fail: boolean } {
  if (retried.length === 0) return { lines: [], fail: false };
  const failing = retried.filter((r) => !isQuarantined(r));
  const lines = [
    `Passed only when retried (${retried.length}): a race to fix, not a pass to trust`,
    ...retried.map((r) => `  ${r}${isQuarantined(r) ? '  [quarantined]' : ''}`),
  ];
  if (failing.length)
    lines.push(`${failing.length} retried test(s) are not in tests/setup/quarantine.ts: the run fails.`);
  return { lines, fail: failing.length > 0 };
}
