/**
 * Ends the current task and continues in a new one, so the browser can paint and handle input in
 * between. A start-up made of several steps of a few milliseconds each keeps every task short: a
 * cheap phone (or Lighthouse's four-times-slower CPU) counts any task over 50 ms as blocking.
 * `scheduler.yield()` continues ahead of other queued tasks; elsewhere a message (not a timer,
 * which browsers may clamp to 4 ms or more) starts the next task.
 */
interface SchedulerWithYield {
  yield: () => Promise<void>;
}

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
