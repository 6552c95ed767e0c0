/**
 * Where a running instance stands: serving, or draining after SIGTERM (/readyz answers 503 so the
 * proxy stops sending new work), and which background job runs are still under way (shutdown
 * waits for them rather than cutting a settlement in half).
 */
export interface Lifecycle {
  draining: boolean;
  /** Counts `run` as in flight until it settles. */
  track<T>(run: Promise<T>): Promise<T>;
  /** Resolves once no tracked run is in flight. */
  idleJobs(): Promise<void>;
}

export function createLifecycle(): Lifecycle {
  const running = new Set<Promise<unknown>>();
  return {
    draining: false,
    track(run) {
      running.add(run);
      const forget = () => running.delete(run);
      run.then(forget, forget);
      return run;
    },
    async idleJobs() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
