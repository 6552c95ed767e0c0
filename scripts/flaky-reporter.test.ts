// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { flakyTestOf, formatFlaky } from './flaky-reporter';

type Status = 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';

/** A test case as Playwright hands it to a reporter, with the attempts given. */
function testCase(title: string, attempts: Array<{ status: Status; message?: string }>) {
  const statuses = attempts.map((a) => a.status);
  return {
    titlePath: () => ['', 'chromium', 'online-state.spec.ts', title],
    location: { file: '/work/repo/tests/online-state.spec.ts', line: 23, column: 1 },
    outcome: () =>
      statuses.at(-1) !== 'passed' ? ('unexpected' as const) : statuses.length > 1 ? ('flaky' as const) : ('expected' as const),
    results: attempts.map((a) => ({
      status: a.status,
      errors: a.message ? [{ message: a.message }] : [],
      error: a.message ? { message: a.message } : undefined,
    })),
  } as unknown as Parameters<typeof flakyTestOf>[0];
}

describe('flaky report', () => {
  it('names a test that passed on its retry, with the first line of its first error', () => {
    const flaky = flakyTestOf(
      testCase('back online, queries refetch', [
        { status: 'timedOut', message: '\u001b[31mTest timeout of 60000ms exceeded.\u001b[39m\n\nat line 3' },
        { status: 'passed' },
      ]),
    );
    expect(flaky).toEqual({
      name: 'tests/online-state.spec.ts:23 › back online, queries refetch',
      firstError: 'Test timeout of 60000ms exceeded.',
    });
    expect(formatFlaky(flaky ? [flaky] : [])).toBe(
      [
        'flaky: 1 test(s) needed a retry',
        '  - tests/online-state.spec.ts:23 › back online, queries refetch',
        '      first error: Test timeout of 60000ms exceeded.',
      ].join('\n'),
    );
  });

  it('leaves out tests that passed first time or failed every time', () => {
    expect(flakyTestOf(testCase('steady', [{ status: 'passed' }]))).toBeNull();
    expect(
      flakyTestOf(
        testCase('broken', [
          { status: 'failed', message: 'x' },
          { status: 'failed', message: 'x' },
        ]),
      ),
    ).toBeNull();
    expect(formatFlaky([])).toBe('flaky: none');
  });
});
