import path from 'node:path';
import type { FullResult, Reporter, TestCase } from '@playwright/test/reporter';

import { retryVerdict } from '../tests/setup/quarantine.ts';

/**
 * Playwright's side of tests/setup/quarantine.ts: a test that passed only on its retry ("flaky")
 * fails the run unless it is quarantined, with its name printed at the end.
 */
export default class RetriedReporter implements Reporter {
  private readonly retried: string[] = [];
  private readonly said = new Map<string, string[]>();

  onTestEnd(test: TestCase): void {
    if (test.outcome() !== 'flaky') return;
    const file = path.relative(process.cwd(), test.location.file);
    // titlePath: the root (''), the project, the file, then the describe blocks and the title.
    const name = `${file} > ${test.titlePath().slice(3).join(' > ')}`;
    if (!this.retried.includes(name)) this.retried.push(name);
    // What the failed attempts said (their first lines), repeated at the end of the run.
    const errors = test.results.flatMap((r) => (r.status === 'passed' ? [] : r.errors.map((e) => e.message ?? '')));
    this.said.set(name, errors.filter(Boolean));
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    const verdict = retryVerdict(this.retried, this.said);
    if (verdict.lines.length) console.log(`\n${verdict.lines.join('\n')}\n`);
    return verdict.fail && result.status === 'passed' ? { status: 'failed' } : undefined;
  }
}
