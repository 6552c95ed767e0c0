/**
 * The activity popup: at most once per launch (store `hasShownActivityPopup`, reset on launch),
 * on the Activity and Reward tabs, while activities are running and their prize pool lasts.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { prizePoolStatusQueryOptions } from '../../api/activity';
import { appStore, useAppStore } from '../../session/store';
import { Amount } from '../../ui/amount';
import { Dialog } from '../../ui/dialog';

export function ActivityPopup() {
  const { t } = useLingui();
  const shown = useAppStore((s) => s.hasShownActivityPopup);
  const onActivityTab = useLocation({ select: (l) => l.pathname === '/pages/activity/index' });
  const { data } = useQuery({ ...prizePoolStatusQueryOptions(), enabled: !shown, meta: { inlineErrors: true } });
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!data) return;
    if (!appStore.get().hasShownActivityPopup && data.status !== 'closed') {
      appStore.set({ hasShownActivityPopup: true });
      setOpen(true);
    }
  }, [data]);

  return (
    <Dialog open={open} onClose={() => setOpen(false)} title={t`Activities are live`} variant="center">
      {data && (
        <div className="stack">
          <p>
            {data.status === 'distributing' ? (
              <Trans>Rewards are being distributed right now.</Trans>
            ) : (
              <Trans>
                Join an activity and earn rewards. <Amount value={data.remaining} places={6} symbol={data.currency} /> left in the
                prize pool.
              </Trans>
            )}
          </p>
          {onActivityTab ? (
            <button type="button" className="button button--block" onClick={() => setOpen(false)}>
              <Trans>Got it</Trans>
            </button>
          ) : (
            <Link to="/pages/activity/index" className="button button--block" onClick={() => setOpen(false)}>
              <Trans>View activities</Trans>
            </Link>
          )}
        </div>
      )}
    </Dialog>
  );
}
