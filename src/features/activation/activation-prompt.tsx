/**
 * The activation prompt (SPEC §4): an account is not activated until its first recharge. Until
 * then the home tab shows the recharge address, with its QR, and checks every few seconds; when
 * the recharge is credited the prompt goes away and the wallet reloads to show the new-user gift.
 * Renders nothing for an activated (or not yet known) member. Composed by the home route.
 */
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { queryKeys } from '../../api/query-keys';
import { useMemberInfo } from '../../session/member-info';
import { showToast } from '../../ui/toast';

/** Only a new account sees it: its code (and the QR code's) stays out of home's first load. */
const ActivationCard = lazy(() => import('./activation-card'));

/** How often a waiting account checks whether its recharge arrived. */
export const ACTIVATION_POLL_MS = 10_000;

export function ActivationPrompt() {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const user = useMemberInfo({
    // A waiting account checks at once whether its recharge arrived.
    fresh: (cached) => cached?.activated === false,
    pollMs: (u) => (u && !u.activated ? ACTIVATION_POLL_MS : false),
  });
  const activated = user?.activated;

  const seenInactive = useRef(false);
  useEffect(() => {
    if (activated === false) seenInactive.current = true;
    if (activated && seenInactive.current) {
      seenInactive.current = false;
      // The first recharge and the gift are new records and new balances.
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
      void queryClient.invalidateQueries({ queryKey: queryKeys.records.all });
      void showToast(t`Your account is activated.`, 'success');
    }
  }, [activated, queryClient, t]);

  if (!user || user.activated) return null;
  return (
    <Suspense fallback={null}>
      <ActivationCard />
    </Suspense>
  );
}
