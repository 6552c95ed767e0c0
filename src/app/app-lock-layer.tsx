/**
 * Puts the app lock on screen (session/app-lock.ts): over the app, never instead of it, so the
 * page underneath keeps its state. While locked or covered, the app's root is inert (no focus,
 * no taps, hidden from screen readers) and an opaque layer hides every amount; the unlock form
 * loads only when the lock first shows.
 */
import { lazy, Suspense, useLayoutEffect } from 'react';
import { createPortal } from 'react-dom';
import { useAppLock } from '../session/app-lock';

const UnlockScreen = lazy(() => import('../features/app-lock/unlock-screen').then((m) => ({ default: m.UnlockScreen })));

export function AppLockLayer() {
  const { locked, covered } = useAppLock();
  const shown = locked || covered;
  useLayoutEffect(() => {
    const root = document.getElementById('root');
    if (root) root.inert = shown;
    // Open dialogs live in the top layer, above any z-index: hidden by class (ui.css) while locked.
    document.documentElement.classList.toggle('app-locked', shown);
  }, [shown]);
  if (!shown) return null;
  return createPortal(
    <div className="app-lock" data-testid="app-lock">
      {locked && (
        <Suspense fallback={null}>
          <UnlockScreen />
        </Suspense>
      )}
    </div>,
    document.body,
  );
}
