/**
 * Blocking time of a page load from a Lighthouse trace's main-thread CPU time: for each top-level
 * task of the page's main thread from its navigation on, its thread CPU time × the CPU slowdown,
 * minus 50 ms.
 *
 * Lighthouse's own TBT multiplies each task's wall time: on a shared 2-core machine a task with 5 ms
 * of CPU can last 40 ms because the browser, its compositor, the server and Lighthouse itself hold the
 * cores, so one build measured 195–756 ms in one sitting. The page's own work is its CPU time, which
 * moves far less with the machine's load; a synchronous render or a heavier module shows in it.
 * Unlike Lighthouse's TBT it also counts the tasks before the first paint (Lighthouse's simulation
 * moves many of them after it anyway), the navigation's commit included: ≈ 35–40 ms of CPU with
 * DevTools attached, ≈ 100 ms of this figure on every page.
 *
 * The page's main thread and its navigation are found by Lighthouse's own trace processor, as for
 * its metrics: by the inspected frame's id, across the processes that hosted it. (A search of our own
 * for "the first main-frame navigationStart" once found none in a trace on CI; this figure now fails
 * only where Lighthouse's own would.)
 */
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args: Record<string, unknown>;
}

type LighthouseTrace = Parameters<typeof TraceProcessor.processTrace>[0];

/** Lighthouse's mobile default. */
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const TOP_LEVEL_TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

export function cpuBlockingTime(traceEvents: readonly TraceEvent[]): number {
  const { mainThreadEvents, timeOriginEvt } = TraceProcessor.processTrace({
    traceEvents: traceEvents as unknown as LighthouseTrace['traceEvents'],
  });
  // Already sorted by start, parents before the tasks they hold.
  const tasks = (mainThreadEvents as unknown as TraceEvent[]).filter(
    (e) => e.ph === 'X' && TOP_LEVEL_TASKS.has(e.name) && e.ts >= timeOriginEvt.ts,
  );
  let blocking = 0;
  // Tasks nest (a RunTask inside a RunTask): each stretch of the thread counts once, by its outermost.
  let coveredUntil = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    if (task.ts < coveredUntil) continue;
    coveredUntil = task.ts + (task.dur ?? 0);
    const cpuMs = (task.tdur ?? task.dur ?? 0) / 1000;
    blocking += Math.max(0, cpuMs * CPU_SLOWDOWN - LONG_TASK_MS);
  }
  return blocking;
}
