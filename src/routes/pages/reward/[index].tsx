import { createFileRoute } from '@tanstack/react-router';
import { ActivityPopup } from '../../../features/campaigns/activity-popup';
import { RewardScreen } from '../../../features/reward/reward-screen';

/** The route composes two features: the Reward tab and the once-per-launch activity popup. */
function RewardTab() {
  return (
    <>
      <RewardScreen />
      <ActivityPopup />
    </>
  );
}

export const Route = createFileRoute('/pages/reward/index')({
  component: RewardTab,
});
