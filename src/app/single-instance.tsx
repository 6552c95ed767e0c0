/**
 * One instance at a time: two tabs of a wallet acting at once could double-submit or fight over
 * the session. The active tab holds a Web Lock; another tab shows "already open in another
 * window" with "Use here", which takes the lock over (the first tab then shows the same screen).
 */
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useSyncExternalStore } from 'react';

type InstanceState = 'pending' | 'active' | 'elsewhere';
const LOCK_NAME = 'tessera-active-instance';

let state: InstanceState = 'pending';
const listeners = new Set<() => void>();
const setState = (next: InstanceState) => {
  state = next;
  for (const l of listeners) l();
};

function hold(steal: boolean): void {
  if (!('locks' in navigator)) {
    setState('active');
    return;
  }
  const options: LockOptions = steal ? { steal: true } : { ifAvailable: true };
  navigator.locks
    .request(LOCK_NAME, options, (lock) => {
      if (!lock) {
        setState('elsewhere');
        return undefined;
      }
      setState('active');
      // Held until this tab closes or another tab steals it.
      return new Promise<void>(() => {});
    })
    .catch(() => {
      // Stolen by another tab (AbortError).
      setState('elsewhere');
    });
}

export const claimInstance = () => hold(false);

/** Resolves once this tab knows whether it is the active one (a prerendered page hydrates then). */
export const instanceSettled = (): Promise<void> =>
  new Promise((resolve) => {
    if (state !== 'pending') return resolve();
    const done = () => {
      if (state === 'pending') return;
      listeners.delete(done);
      resolve();
    };
    listeners.add(done);
  });
const useHere = () => hold(true);

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function InstanceGate({ children }: { children: ReactNode }) {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    // Rendered ahead (the build's prerender) the page is as the active tab shows it.
    () => 'active',
  );
  if (current === 'active') return <>{children}</>;
  if (current === 'pending') return null;
  return (
    <main className="instance-elsewhere">
      <h1>
        <Trans>Already open in another window</Trans>
      </h1>
      <p className="muted">
        <Trans>The wallet is open in another tab or window. To keep your actions safe it runs in one place at a time.</Trans>
      </p>
      <button type="button" className="button button--block" onClick={useHere}>
        <Trans>Use here</Trans>
      </button>
    </main>
  );
}
