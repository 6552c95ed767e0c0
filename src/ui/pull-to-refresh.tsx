/**
 * Pull-to-refresh for touch screens (drag down at the top of the page), announced to screen
 * readers. Keyboard and mouse users get the same action from a visible refresh button elsewhere.
 */
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useRef, useState } from 'react';

const THRESHOLD = 64;

export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useLingui();
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);

  const end = async () => {
    const distance = pull;
    start.current = null;
    setPull(0);
    if (distance >= THRESHOLD && !refreshing) {
      setRefreshing(true);
      try {
        await onRefresh();
      } finally {
        setRefreshing(false);
      }
    }
  };

  return (
    <div
      onTouchStart={(e) => {
        start.current = window.scrollY <= 0 ? (e.touches[0]?.clientY ?? null) : null;
      }}
      onTouchMove={(e) => {
        if (start.current === null) return;
        const dy = (e.touches[0]?.clientY ?? 0) - start.current;
        setPull(dy > 0 ? Math.min(dy * 0.5, THRESHOLD * 1.5) : 0);
      }}
      onTouchEnd={() => void end()}
      onTouchCancel={() => {
        start.current = null;
        setPull(0);
      }}
    >
      <div className="ptr" style={{ height: refreshing ? THRESHOLD / 1.5 : pull }} aria-live="polite">
        {(refreshing || pull > 0) && (
          <span className="muted">
            {refreshing ? t`Refreshing…` : pull >= THRESHOLD ? t`Release to refresh` : t`Pull to refresh`}
          </span>
        )}
      </div>
      {children}
    </div>
  );
}
