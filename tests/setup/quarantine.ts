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

/**
 * The verdict printed at the end of a run: the retried tests, split into quarantined and failing, each
 * with what its failed attempt said (`said`, by name). The log's tail is what a CI summary keeps, so
 * the reason is repeated there rather than left where the attempt failed, mid-run.
 */
export function retryVerdict(
  retried: readonly string[],
  said: ReadonlyMap<string, readonly string[]> = new Map(),
): { lines: string[]; fail: boolean } {
  if (retried.length === 0) return { lines: [], fail: false };
  const failing = retried.filter((r) => !isQuarantined(r));
  const lines = [
    `Passed only when retried (${retried.length}): a race to fix, not a pass to trust`,
    ...retried.flatMap((r) => [
      `  ${r}${isQuarantined(r) ? '  [quarantined]' : ''}`,
      ...(said.get(r) ?? []).flatMap((e) =>
        e
          .split('\n')
          .slice(0, 8)
          .map((l) => `      ${l}`),
      ),
    ]),
  ];
  if (failing.length)
    lines.push(`${failing.length} retried test(s) are not in tests/setup/quarantine.ts: the run fails.`);
  return { lines, fail: failing.length > 0 };
}
