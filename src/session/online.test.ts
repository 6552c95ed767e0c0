import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reachability } from '../api/reachability';
import { createOnlineTracker, PROBE_BACKOFF_MS } from './online';

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
  const probe = vi.fn(async () => {
    await Promise.resolve();
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
});
