import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reachability } from '../api/reachability';
import { QUICK_PROBE_TIMEOUT_MS } from '../api/reachability';
import { createOnlineTracker, HIDDEN_PROBE_MS, PROBE_BACKOFF_MS } from './online';

/** A tracker whose probe answers as the test says, with real event targets and fake timers. */
function setup(opts: { browserSaysOnline?: boolean } = {}) {
  const win = new EventTarget() as unknown as Window;
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' }) as unknown as Document & {
    visibilityState: DocumentVisibilityState;
  };
  const reach = new Set<(o: Reachability) => void>();
  const report = (o: Reachability) => {
    for (const l of reach) l(o);
  };
  let serverUp = false;
  /** How long a probe takes to fail when the server is down (a network that swallows packets). */
  let hangMs = 0;
  const probe = vi.fn(async (_timeoutMs?: number) => {
    await Promise.resolve();
    if (!serverUp && hangMs > 0) await new Promise((resolve) => setTimeout(resolve, hangMs));
    report(serverUp ? 'reached' : 'unreachable');
  });
  const tracker = createOnlineTracker({
    probe,
    subscribeReachability: (l) => {
      reach.add(l);
      return () => reach.delete(l);
    },
    win,
    doc,
    browserSaysOnline: () => opts.browserSaysOnline ?? true,
  });
  const changes: boolean[] = [];
  tracker.subscribe(() => changes.push(tracker.isOnline()));
  const stop = tracker.start();
  return {
    tracker,
    report,
    probe,
    changes,
    stop,
    win,
    doc,
    setServerUp: (up: boolean) => {
      serverUp = up;
    },
    setHangMs: (ms: number) => {
      hangMs = ms;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('online state from evidence', () => {
  it('starts online when the browser says so, without probing', () => {
    const t = setup();
    expect(t.tracker.isOnline()).toBe(true);
    expect(t.probe).not.toHaveBeenCalled();
  });

  it('a failed request turns it offline at once; a probe that reaches the server turns it back', async () => {
    const t = setup();
    t.report('unreachable');
    expect(t.tracker.isOnline()).toBe(false);
    expect(t.changes).toEqual([false]);

    t.setServerUp(true);
    await vi.advanceTimersByTimeAsync(PROBE_BACKOFF_MS[0]);
    expect(t.probe).toHaveBeenCalledTimes(1);
    expect(t.tracker.isOnline()).toBe(true);
    expect(t.changes).toEqual([false, true]);
  });

  it('a 5xx or any other response counts as reached', () => {
    const t = setup();
    t.report('unreachable');
    t.report('reached');
    expect(t.tracker.isOnline()).toBe(true);
  });

  it('probes back off while the server stays unreachable, and stop once it answers', async () => {
    const t = setup();
    t.report('unreachable');
    for (const [i, delay] of PROBE_BACKOFF_MS.entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(t.probe, `before probe ${i + 1}`).toHaveBeenCalledTimes(i);
      await vi.advanceTimersByTimeAsync(1);
      expect(t.probe, `probe ${i + 1}`).toHaveBeenCalledTimes(i + 1);
    }
    // Capped at the last delay.
    await vi.advanceTimersByTimeAsync(PROBE_BACKOFF_MS.at(-1)!);
    expect(t.probe).toHaveBeenCalledTimes(PROBE_BACKOFF_MS.length + 1);

    t.setServerUp(true);
    await vi.advanceTimersByTimeAsync(PROBE_BACKOFF_MS.at(-1)!);
    expect(t.tracker.isOnline()).toBe(true);
    const calls = t.probe.mock.calls.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(t.probe).toHaveBeenCalledTimes(calls);
  });

  it('many failures at once schedule one probe, not one each', async () => {
    const t = setup();
    for (let i = 0; i < 20; i++) t.report('unreachable');
    await vi.advanceTimersByTimeAsync(PROBE_BACKOFF_MS[0]);
    expect(t.probe).toHaveBeenCalledTimes(1);
  });

  it("the browser's offline event is believed; its online event probes at once instead of trusting it", async () => {
    const t = setup();
    t.win.dispatchEvent(new Event('offline'));
    expect(t.tracker.isOnline()).toBe(false);

    t.setServerUp(false);
    t.win.dispatchEvent(new Event('online'));
    expect(t.probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.tracker.isOnline()).toBe(false);

    t.setServerUp(true);
    t.win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.tracker.isOnline()).toBe(true);
  });

  it('coming back to the foreground while offline probes at once', async () => {
    const t = setup();
    t.report('unreachable');
    t.setServerUp(true);
    t.doc.visibilityState = 'visible';
    t.doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.probe).toHaveBeenCalledTimes(1);
    expect(t.tracker.isOnline()).toBe(true);
  });

  it('starts offline and probes when the browser knows it has no network', async () => {
    const t = setup({ browserSaysOnline: false });
    expect(t.tracker.isOnline()).toBe(false);
    t.setServerUp(true);
    await vi.advanceTimersByTimeAsync(PROBE_BACKOFF_MS[0]);
    expect(t.tracker.isOnline()).toBe(true);
  });

  it('stop removes the listeners and the pending probe', async () => {
    const t = setup();
    t.report('unreachable');
    t.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.probe).not.toHaveBeenCalled();
    t.win.dispatchEvent(new Event('online'));
    expect(t.probe).not.toHaveBeenCalled();
  });

  it('on screen the probes never wait more than 10 s apart; in the background 30 s', async () => {
    const t = setup();
    t.report('unreachable');
    await vi.advanceTimersByTimeAsync(PROBE_BACKOFF_MS.reduce((a, b) => a + b, 0));
    const calls = t.probe.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.probe).toHaveBeenCalledTimes(calls + 1);
    expect(Math.max(...PROBE_BACKOFF_MS)).toBeLessThanOrEqual(10_000);

    t.doc.visibilityState = 'hidden';
    t.doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(10_000);
    const hiddenCalls = t.probe.mock.calls.length;
    await vi.advanceTimersByTimeAsync(HIDDEN_PROBE_MS - 1);
    expect(t.probe).toHaveBeenCalledTimes(hiddenCalls);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.probe).toHaveBeenCalledTimes(hiddenCalls + 1);
  });

  it('a probe that hangs until its deadline does not stretch the gap to the next one', async () => {
    const t = setup();
    t.setHangMs(8000);
    t.report('unreachable');
    // Past the backoff's quick steps: every probe now starts 10 s after the one before started.
    await vi.advanceTimersByTimeAsync(60_000);
    const starts: number[] = [];
    t.probe.mockImplementation(async () => {
      starts.push(Date.now());
      await new Promise((resolve) => setTimeout(resolve, 8000));
      t.report('unreachable');
    });
    await vi.advanceTimersByTimeAsync(40_000);
    expect(starts.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBe(10_000);
  });

  it('a stalled request asks one quick probe while online; if that cannot answer, the app is offline', async () => {
    const t = setup();
    t.report('stalled');
    t.report('stalled');
    expect(t.probe).toHaveBeenCalledTimes(1);
    expect(t.probe).toHaveBeenCalledWith(QUICK_PROBE_TIMEOUT_MS);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.tracker.isOnline()).toBe(false);

    // Offline already, a stall asks nothing more: the probes that are running answer it.
    const calls = t.probe.mock.calls.length;
    t.report('stalled');
    expect(t.probe).toHaveBeenCalledTimes(calls);
  });

  it('a stalled request on a working network changes nothing', async () => {
    const t = setup();
    t.setServerUp(true);
    t.report('stalled');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.tracker.isOnline()).toBe(true);
    expect(t.changes).toEqual([]);
  });

  it('checking now probes at once, says it is checking, and starts the backoff afresh', async () => {
    const t = setup();
    t.setHangMs(500);
    t.report('unreachable');
    await vi.advanceTimersByTimeAsync(60_000);
    const calls = t.probe.mock.calls.length;
    const checking: boolean[] = [];
    t.tracker.subscribeChecking(() => checking.push(t.tracker.isChecking()));
    const done = t.tracker.checkNow();
    expect(t.probe).toHaveBeenCalledTimes(calls + 1);
    expect(t.tracker.isChecking()).toBe(true);
    // Asking again while it hangs sends another: nobody waits out a dead connection's probe.
    const again = t.tracker.checkNow();
    expect(t.probe).toHaveBeenCalledTimes(calls + 2);
    await vi.advanceTimersByTimeAsync(500);
    await Promise.all([done, again]);
    expect(t.tracker.isChecking()).toBe(false);
    expect(checking.at(-1)).toBe(false);
    // The next probe comes after the first step of the backoff again, not after 10 s.
    await vi.advanceTimersByTimeAsync(PROBE_BACKOFF_MS[0] - 500);
    expect(t.probe).toHaveBeenCalledTimes(calls + 3);

    t.setServerUp(true);
    void t.tracker.checkNow();
    await vi.advanceTimersByTimeAsync(500);
    expect(t.tracker.isOnline()).toBe(true);
  });
});
