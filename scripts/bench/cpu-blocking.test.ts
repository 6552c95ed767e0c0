import { describe, expect, it } from 'vitest';
import { cpuBlockingTime, type TraceEvent } from './cpu-blocking';

/**
 * The smallest trace Lighthouse's trace processor reads as a navigation: the inspected frame
 * (TracingStartedInBrowser), the process that committed it, its main thread's name, then the
 * navigation and the tasks.
 */
const FRAME = 'F1';
const BLANK = { pid: 1, tid: 7 };
const PAGE = { pid: 2, tid: 9 };
const mainThread = (where: { pid: number; tid: number }): TraceEvent => ({
  name: 'thread_name',
  cat: '__metadata',
  ph: 'M',
  ...where,
  ts: 0,
  args: { name: 'CrRendererMain' },
});
const frames: TraceEvent[] = [
  {
    name: 'TracingStartedInBrowser',
    cat: 'disabled-by-default-devtools.timeline',
    ph: 'I',
    pid: 100,
    tid: 100,
    ts: 0,
    args: { data: { frames: [{ frame: FRAME, processId: BLANK.pid, url: 'about:blank' }] } },
  },
  mainThread(BLANK),
  mainThread(PAGE),
  ...[BLANK, PAGE].map(
    (where, i): TraceEvent => ({
      name: 'FrameCommittedInBrowser',
      cat: 'disabled-by-default-devtools.timeline',
      ph: 'I',
      pid: 100,
      tid: 100,
      ts: i,
      args: { data: { frame: FRAME, processId: where.pid, url: i ? 'http://127.0.0.1/' : 'about:blank' } },
    }),
  ),
];
const navigation = (url: string, ts: number, where = PAGE): TraceEvent => ({
  name: 'navigationStart',
  cat: 'blink.user_timing',
  ph: 'R',
  ...where,
  ts,
  args: { frame: FRAME, data: { isLoadingMainFrame: true, documentLoaderURL: url } },
});
const nav = navigation('http://127.0.0.1/pages/login/index', 100_000);
const task = (ts: number, wallMs: number, cpuMs: number, where = PAGE, name = 'RunTask'): TraceEvent => ({
  name,
  cat: 'disabled-by-default-devtools.timeline',
  ph: 'X',
  ...where,
  ts,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
  args: {},
});

describe('cpuBlockingTime', () => {
  it("counts each main-thread task's CPU × 4 over 50 ms from the navigation on, not its wall time", () => {
    const events = [...frames, nav, task(200_000, 80, 20), task(300_000, 40, 10), task(400_000, 12, 12)];
    // 20 × 4 − 50 = 30; 10 × 4 = 40 and 12 × 4 = 48 do not block.
    expect(cpuBlockingTime(events)).toBe(30);
  });

  it('leaves out tasks before the navigation (about:blank), on other threads, and nested tasks', () => {
    const events = [
      ...frames,
      navigation('', 0, BLANK),
      task(10_000, 200, 100, BLANK),
      nav,
      task(200_000, 50, 50, { pid: PAGE.pid, tid: 11 }),
      task(900_000, 30, 30),
      task(905_000, 10, 10, PAGE, 'ThreadControllerImpl::RunTask'),
    ];
    expect(cpuBlockingTime(events)).toBe(70);
  });

  it('measures from the last navigation of the page, as Lighthouse does (a reload by the page)', () => {
    const events = [
      ...frames,
      nav,
      task(200_000, 30, 30),
      navigation('http://127.0.0.1/pages/login/index', 500_000),
      task(600_000, 20, 20),
    ];
    expect(cpuBlockingTime(events)).toBe(30);
  });

  it('refuses a trace without the navigation', () => {
    expect(() => cpuBlockingTime([...frames, task(600_000, 80, 20)])).toThrow(/navigationStart/);
  });
});
