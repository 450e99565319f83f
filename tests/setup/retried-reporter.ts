import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names every test that passed only when retried (vitest.config.ts: one retry on CI), at the end
 * of the run: the default reporter counts it as passed and says nothing.
 */
export default class RetriedReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const diagnostic = test.diagnostic();
    if (diagnostic?.flaky) this.retried.push(`${test.module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName} (retries: ${diagnostic.retryCount})`);
  }

  onTestRunEnd(): void {
    if (!this.retried.length) return;
    console.log(`\nPassed only when retried (${this.retried.length}): a race to fix, not a pass to trust\n  ${this.retried.join('\n  ')}\n`);
  }
}
