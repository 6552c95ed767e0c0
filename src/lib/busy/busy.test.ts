import { describe, expect, it } from 'vitest';
import { beginBusy, isBusy, whenIdle, whileBusy } from './busy';

describe('busy marker', () => {
  it('is idle with nothing in progress', async () => {
    expect(isBusy()).toBe(false);
    await expect(whenIdle()).resolves.toBeUndefined();
  });

  it('waits for every piece of work to end, and tolerates a double end', async () => {
    const endA = beginBusy();
    const endB = beginBusy();
    let idle = false;
    const waiting = whenIdle().then(() => {
      idle = true;
    });
    endA();
    endA();
    await Promise.resolve();
    expect(idle).toBe(false);
    endB();
    await waiting;
    expect(idle).toBe(true);
  });

  it('ends even when the work fails', async () => {
    await expect(whileBusy(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(isBusy()).toBe(false);
  });
});
