import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Beside the list reporter: every test that needed a retry (a flake is a defect: it is named in every
 * run's output, not hidden by the retry) and the ten slowest spec files.
 */
export default class RunReport implements Reporter {
  readonly #retried = new Map<TestCase, TestResult>();
  readonly #fileMs = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.retry > 0) this.#retried.set(test, result);
    const file = test.location.file.replace(`${process.cwd()}/`, '');
    this.#fileMs.set(file, (this.#fileMs.get(file) ?? 0) + result.duration);
  }

  onEnd(_result: FullResult) {
    const lines = ['', `== end-to-end tests that needed a retry: ${this.#retried.size}`];
    for (const [test, result] of this.#retried) {
      const where = `${test.location.file.replace(`${process.cwd()}/`, '')}:${test.location.line}`;
      lines.push(
        `  ${result.status === 'passed' ? 'FLAKY (passed on retry)' : 'FAILED on retry too'}  ${where}  ${test.titlePath().slice(1).join(' › ')}`,
      );
    }
    const slowest = [...this.#fileMs].sort((a, b) => b[1] - a[1]).slice(0, 10);
    lines.push('== ten slowest spec files (test time, all workers)');
    for (const [file, ms] of slowest) lines.push(`${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
    console.log(lines.join('\n'));
  }

  printsToStdio() {
    return false;
  }
}
