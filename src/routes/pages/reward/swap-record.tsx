import { createFileRoute } from '@tanstack/react-router';
import { SwapRecordsScreen } from '../../../features/swap/swap-records-screen';

export const Route = createFileRoute('/pages/reward/swap-record')({
  component: SwapRecordsScreen,
});
