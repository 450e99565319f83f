import type { Reporter, TestCase } from 'vitest/node';

import { retryVerdict } from './quarantine.ts';

/**
 * Names every test that passed only when retried (vitest.config.ts: one retry on CI), at the end
 * of the run, and fails the run for any that is not quarantined (tests/setup/quarantine.ts): the
 * default reporter counts such a test as passed and says nothing.
 */
export default class RetriedReporter implements Reporter {
  private readonly retried: string[] = [];
  private readonly said = new Map<string, string[]>();

  onTestCaseResult(test: TestCase): void {
    const diagnostic = test.diagnostic();
    if (!diagnostic?.flaky) return;
    const name = `${test.module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}`;
    this.retried.push(name);
    // What the failed attempt said (a passed result keeps its retries' errors), so that the race can be found from the log.
    const errors = (test.result().errors ?? []).map((e) =>
      `${e.name ?? 'Error'}: ${e.message ?? ''}`.split('\n').slice(0, 6).join('\n    '),
    );
    if (errors.length) console.log(`\n${name} failed before its retry:\n    ${errors.join('\n    ')}\n`);
    this.said.set(name, errors);
  }

  onTestRunEnd(): void {
    const verdict = retryVerdict(this.retried, this.said);
    if (verdict.lines.length) console.log(`\n${verdict.lines.join('\n')}\n`);
    if (verdict.fail) process.exitCode = 1;
  }
}
