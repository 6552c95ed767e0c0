/**
 * Marks work that must not be interrupted by an app update's reload: a transfer, a swap, an
 * upload. `whenIdle()` resolves once nothing is in progress.
 */
let active = 0;
let waiters: Array<() => void> = [];

export function beginBusy(): () => void {
  active++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    active--;
    if (active === 0) {
      const ready = waiters;
      waiters = [];
      for (const resolve of ready) resolve();
    }
  };
}

/** Runs `work` marked busy. */
export async function whileBusy<T>(work: () => Promise<T>): Promise<T> {
  const end = beginBusy();
  try {
    return await work();
  } finally {
    end();
  }
}

export const isBusy = () => active > 0;

export function whenIdle(): Promise<void> {
  return active === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
}
