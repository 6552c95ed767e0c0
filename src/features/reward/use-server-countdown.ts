/**
 * Milliseconds left until `targetIso`, on the server's clock, re-read every second and whenever
 * the page becomes visible again (timers are throttled or frozen while a phone sleeps).
 */
import { useEffect, useState } from 'react';
import { remainingMs } from './countdown';

export function useServerCountdown(targetIso: string | undefined, offsetMs: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!targetIso) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, 1000);
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pageshow', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pageshow', tick);
    };
  }, [targetIso]);
  return targetIso ? remainingMs(targetIso, now, offsetMs) : null;
}
