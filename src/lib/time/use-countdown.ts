import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `endsAt`, ticking once a second. The end is a timestamp, not a counter,
 * so a throttled background tab still shows the right number when it comes back.
 */
export function useCountdown(initialEndsAt: number | null = null) {
  const [endsAt, setEndsAt] = useState(initialEndsAt);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => setNow(Date.now());
    tick();
    const id = setInterval(() => {
      tick();
      if (Date.now() >= endsAt) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [endsAt]);
  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, endsAt, start: (seconds: number) => setEndsAt(Date.now() + seconds * 1000) };
}
