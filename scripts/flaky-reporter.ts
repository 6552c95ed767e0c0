/**
 * A Playwright reporter that lists, at the end of a run, every test that failed and then passed on
 * its retry (CI retries once: playwright.config.ts). A retry keeps one unlucky run from turning CI
 * red, but a flaky test is a bug: the list names each one with its first error so it gets fixed at
 * its cause, and scripts/ci-fresh.sh repeats the list after each run.
 */
import { stripVTControlCharacters } from 'node:util';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export interface FlakyTest {
  /** `file:line › title` */
  name: string;
  /** The first line of the first failed attempt's error. */
  firstError: string;
}

/** The run's flaky tests as printed: a `flaky:` heading, then one entry per test (or "none"). */
export function formatFlaky(flaky: readonly FlakyTest[]): string {
  if (flaky.length === 0) return 'flaky: none';
  const lines = [`flaky: ${flaky.length} test(s) needed a retry`];
  for (const test of flaky) lines.push(`  - ${test.name}`, `      first error: ${test.firstError}`);
  return lines.join('\n');
}

export function flakyTestOf(test: Pick<TestCase, 'titlePath' | 'location' | 'outcome' | 'results'>): FlakyTest | null {
  if (test.outcome() !== 'flaky') return null;
  const failed = test.results.find((r) => r.status !== 'passed' && r.status !== 'skipped');
  const message = failed?.errors[0]?.message ?? failed?.error?.message ?? `status ${failed?.status ?? 'unknown'}`;
  const firstLine =
    stripVTControlCharacters(message)
      .split('\n')
      .find((line) => line.trim() !== '') ?? '';
  const file = test.location.file.replace(/^.*?\/tests\//, 'tests/');
  // titlePath: ['', project, file, ...describes, title]
  const title = test.titlePath().slice(3).join(' › ');
  return { name: `${file}:${test.location.line} › ${title}`, firstError: firstLine.trim() };
}

export default class FlakyReporter implements Reporter {
  private readonly tests = new Set<TestCase>();

  onTestEnd(test: TestCase, _result: TestResult): void {
    this.tests.add(test);
  }

  onEnd(_result: FullResult): void {
    const flaky = [...this.tests].map(flakyTestOf).filter((t): t is FlakyTest => t !== null);
    process.stdout.write(`\n${formatFlaky(flaky)}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
