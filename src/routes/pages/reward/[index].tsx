import { createFileRoute } from '@tanstack/react-router';
import { RewardScreen } from '../../../features/reward/reward-screen';

export const Route = createFileRoute('/pages/reward/index')({
  component: RewardScreen,
});
