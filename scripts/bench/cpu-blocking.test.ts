import { describe, expect, it } from 'vitest';
import { cpuBlockingTime, type TraceEvent } from './cpu-blocking';

const MAIN = { pid: 1, tid: 7 };
const navigation = (url: string, ts: number): TraceEvent => ({
  name: 'navigationStart',
  ph: 'R',
  ...MAIN,
  ts,
  args: { data: { isLoadingMainFrame: true, documentLoaderURL: url } },
});
const nav = navigation('http://127.0.0.1/pages/login/index', 100_000);
const task = (ts: number, wallMs: number, cpuMs: number, where = MAIN, name = 'RunTask'): TraceEvent => ({
  name,
  ph: 'X',
  ...where,
  ts,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

describe('cpuBlockingTime', () => {
  it("counts each main-thread task's CPU × 4 over 50 ms from the navigation on, not its wall time", () => {
    const events = [nav, task(200_000, 80, 20), task(300_000, 40, 10), task(400_000, 12, 12)];
    // 20 × 4 − 50 = 30; 10 × 4 = 40 and 12 × 4 = 48 do not block.
    expect(cpuBlockingTime(events)).toBe(30);
  });

  it('leaves out tasks before the navigation (about:blank), on other threads, and nested tasks', () => {
    const events = [
      navigation('about:blank', 0),
      task(10_000, 200, 100),
      nav,
      task(200_000, 50, 50, { pid: 1, tid: 9 }),
      task(900_000, 30, 30),
      task(905_000, 10, 10, MAIN, 'ThreadControllerImpl::RunTask'),
    ];
    expect(cpuBlockingTime(events)).toBe(70);
  });

  it('refuses a trace without the navigation', () => {
    expect(() => cpuBlockingTime([task(600_000, 80, 20)])).toThrow(/no navigation/);
  });
});
