import { describe, expect, it } from 'vitest';
import { yieldToMain } from './yield-to-main';

describe('yieldToMain', () => {
  it('continues after work queued before it as a task, not as a microtask', async () => {
    const order: string[] = [];
    const yielded = yieldToMain().then(() => order.push('after yield'));
    queueMicrotask(() => order.push('microtask'));
    await Promise.resolve();
    expect(order).toEqual(['microtask']);
    await yielded;
    expect(order).toEqual(['microtask', 'after yield']);
  });

  it('uses scheduler.yield where the browser has it', async () => {
    let calls = 0;
    const g = globalThis as { scheduler?: unknown };
    const saved = g.scheduler;
    g.scheduler = {
      yield: () => {
        calls += 1;
        return Promise.resolve();
      },
    };
    try {
      await yieldToMain();
    } finally {
      g.scheduler = saved;
    }
    expect(calls).toBe(1);
  });
});
