import { createFileRoute } from '@tanstack/react-router';
import { SwapScreen } from '../../../features/swap/swap-screen';
import { optionalString, searchSchema } from '../../../lib/search/params';

export const Route = createFileRoute('/pages/reward/swap')({
  validateSearch: searchSchema({ pair: optionalString(64) }),
  component: SwapScreen,
});
